import { http, type HttpHandler } from 'msw';
import type { TVoiceCallAction } from '@portal/shared/voice';
import type { FakeAppointments } from './fake-appointments.ts';
import { json } from './http.ts';

/**
 * Voice calls in memory: `POST /api/retellai/connect-retellai` starts `call_1`, `call_2`… for
 * the signed-in user, and `GET /api/retellai/calls/:callId/actions` answers what the assistant
 * did in one of them (any other id is a 404, as another user's call is). `book` and `cancel`
 * do what the assistant's functions do: change the agenda and add the call's action.
 */
export class FakeVoice {
  readonly calls = new Map<string, { isEnded: boolean; actions: TVoiceCallAction[] }>();

  constructor(private readonly context: { appointments: FakeAppointments }) {}

  start(): string {
    const callId = `call_${this.calls.size + 1}`;
    this.calls.set(callId, { isEnded: false, actions: [] });
    return callId;
  }

  private call(callId: string) {
    const call = this.calls.get(callId);
    if (!call) throw new Error(`no fake voice call ${callId}`);
    return call;
  }

  /** The assistant books `patientId` at `start` during the call. */
  book(callId: string, { patientId, start }: { patientId: string; start: string }) {
    const appointment = this.context.appointments.add({ patientId, start });
    this.call(callId).actions.push({
      kind: 'booked',
      appointmentId: appointment._id,
      patientName: appointment.patientName,
      start: appointment.start,
      at: new Date().toISOString(),
    });
    return appointment;
  }

  /** The assistant cancels one of the agenda's appointments during the call. */
  cancel(callId: string, appointmentId: string) {
    const { appointments } = this.context.appointments;
    const index = appointments.findIndex((a) => a._id === appointmentId);
    const appointment = appointments[index];
    if (!appointment) throw new Error(`no fake appointment ${appointmentId}`);
    appointments[index] = { ...appointment, status: 'cancelled' };
    this.call(callId).actions.push({
      kind: 'cancelled',
      appointmentId,
      patientName: appointment.patientName,
      start: appointment.start,
      at: new Date().toISOString(),
    });
  }

  end(callId: string) {
    this.call(callId).isEnded = true;
  }
}

export function voiceHandlers(voice: FakeVoice, timeZone: () => string): HttpHandler[] {
  return [
    http.post('/api/retellai/connect-retellai', () =>
      json({ access_token: `access-token-${voice.calls.size + 1}`, call_id: voice.start() }),
    ),
    http.get('/api/retellai/calls/:callId/actions', ({ params }) => {
      const call = voice.calls.get(String(params.callId));
      if (!call)
        return json(
          { message: 'The requested resource could not be found.', code: 'NOT_FOUND' },
          { status: 404 },
        );
      return json({ timeZone: timeZone(), isEnded: call.isEnded, actions: call.actions });
    }),
  ];
}
