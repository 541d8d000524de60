import { describe, expect, it } from 'vitest';
import { type AuthHeaders, signIn } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { becomeMember } from '../../../test/factories/billing.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { startVoiceCall, stateOf, useVoiceApp } from '../../../test/factories/voice.ts';
import { VOICE_ACTIONS_READS_PER_MINUTE } from './voice.routes.ts';

/**
 * `GET /api/retellai/calls/{callId}/actions`: what the assistant did during the signed-in
 * user's own call, read from the audit events the call's functions wrote, for the voice panel.
 */

const API_KEY = 'key_voice_actions_5b8f';
const AGENT_ID = 'agent_voice_actions';
const BERLIN = 'Europe/Berlin';
/** Monday 2 March 2026, 08:00 in Berlin. */
const MONDAY_8AM = new Date('2026-03-02T07:00:00.000Z');

const { ctx, sender, setClock } = useVoiceApp({
  apiKey: API_KEY,
  agentId: AGENT_ID,
  start: MONDAY_8AM,
});

const actionsUrl = (callId: string) => `/api/retellai/calls/${encodeURIComponent(callId)}/actions`;

async function readActions(headers: AuthHeaders, callId: string) {
  return ctx.app.inject({ method: 'GET', url: actionsUrl(callId), headers });
}

/** A practitioner in Berlin (a member unless told otherwise) with a patient, on a call. */
async function practitionerOnCall({ isMember = true } = {}) {
  const session = await signIn(ctx, { timeZone: BERLIN });
  if (isMember) await becomeMember(ctx, session.headers);
  const maria = await createPatient(ctx, session.headers, { name: 'Maria Souza' });
  const call = await startVoiceCall(ctx, session.headers, { agentId: AGENT_ID });
  const ask = async (name: string, args: Record<string, unknown>) => {
    const response = await sender.callFunction(call, name, args);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Record<string, unknown> };
  };
  return { ...session, maria, call, ask };
}

describe('GET /api/retellai/calls/:callId/actions', () => {
  it('lists the bookings and cancellations of the call, oldest first, on the practitioner’s clock', async () => {
    const { headers, maria, call, ask } = await practitionerOnCall();
    const empty = await readActions(headers, call.call_id);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.json()).toEqual({ timeZone: BERLIN, isEnded: false, actions: [] });

    // Reads, searches and a read-back without confirmation do nothing worth listing.
    await ask('get_agenda', {});
    await ask('find_patient', { name: 'maria' });
    const booking = { patient_id: maria._id, start: '2026-03-03T10:00', duration: 30 };
    await ask('book_appointment', booking);
    expect((await readActions(headers, call.call_id)).json().actions).toEqual([]);

    const booked = await ask('book_appointment', { ...booking, confirmed: true });
    const { appointment_id: appointmentId } = booked.data.appointment as {
      appointment_id: string;
    };
    await ask('cancel_appointment', { appointment_id: appointmentId, confirmed: true });
    // Cancelling again is answered again but was done once.
    await ask('cancel_appointment', { appointment_id: appointmentId, confirmed: true });

    const response = await readActions(headers, call.call_id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ timeZone: BERLIN, isEnded: false });
    expect(body.actions).toEqual([
      {
        kind: 'booked',
        appointmentId,
        patientName: 'Maria Souza',
        start: '2026-03-03T09:00:00.000Z',
        at: expect.any(String),
      },
      {
        kind: 'cancelled',
        appointmentId,
        patientName: 'Maria Souza',
        start: '2026-03-03T09:00:00.000Z',
        at: expect.any(String),
      },
    ]);
    expect(Date.parse(body.actions[0].at)).toBeLessThanOrEqual(Date.parse(body.actions[1].at));
  });

  it('reads the audit events marked with the call, and polling it adds none to the trail', async () => {
    const { user, headers, maria, call, ask } = await practitionerOnCall();
    await ask('book_appointment', {
      patient_id: maria._id,
      start: '2026-03-03T14:00',
      duration: 30,
      confirmed: true,
    });
    const { audit } = await stateOf(ctx, user._id);
    const marked = audit.filter((event) => event.voiceCallId === call.call_id);
    expect(marked).toContainEqual(
      expect.objectContaining({ action: 'create', outcome: 'success', patientId: maria._id }),
    );
    const body = (await readActions(headers, call.call_id)).json();
    expect(body.actions.map((action: { appointmentId: string }) => action.appointmentId)).toEqual(
      marked.filter((event) => event.action === 'create').map((event) => event.subjectId),
    );
    // The panel asks every few seconds: reading one's own trail is not itself a trail entry.
    await readActions(headers, call.call_id);
    expect((await stateOf(ctx, user._id)).audit).toHaveLength(audit.length);
  });

  it('leaves out what the user did in the web app during the call', async () => {
    const { headers, maria, call } = await practitionerOnCall();
    await createAppointment(ctx, headers, {
      patientId: maria._id,
      start: '2026-03-03T09:00:00.000Z',
    });
    expect((await readActions(headers, call.call_id)).json().actions).toEqual([]);
  });

  it('still lists what an ended call did', async () => {
    const { headers, maria, call, ask } = await practitionerOnCall();
    await ask('book_appointment', {
      patient_id: maria._id,
      start: '2026-03-03T11:00',
      duration: 30,
      confirmed: true,
    });
    const ended = await sender.callEvent('call_ended', call);
    expect(ended.statusCode).toBe(200);

    const body = (await readActions(headers, call.call_id)).json();
    expect(body.isEnded).toBe(true);
    expect(body.actions).toMatchObject([{ kind: 'booked', patientName: 'Maria Souza' }]);
  });

  it('counts a call over two hours old as ended', async () => {
    const { headers, call } = await practitionerOnCall();
    setClock(new Date(MONDAY_8AM.getTime() + 2 * 60 * 60 * 1000 + 1));
    expect((await readActions(headers, call.call_id)).json().isEnded).toBe(true);
  });

  it('answers 404 for another user’s call and for an unknown one, and lists nothing', async () => {
    const { call, ask, maria } = await practitionerOnCall();
    await ask('book_appointment', {
      patient_id: maria._id,
      start: '2026-03-03T12:00',
      duration: 30,
      confirmed: true,
    });
    const other = await signIn(ctx, { timeZone: BERLIN });
    for (const callId of [call.call_id, 'call_never_started']) {
      const response = await readActions(other.headers, callId);
      expect(response.statusCode, callId).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.body).not.toContain('Maria');
    }
  });

  it('lists nothing for a non-member’s call: its functions only say what Premier adds', async () => {
    const { user, headers, maria, call } = await practitionerOnCall({ isMember: false });
    const answer = await sender.callFunction(call, 'book_appointment', {
      patient_id: maria._id,
      start: '2026-03-03T13:00',
      duration: 30,
      confirmed: true,
    });
    expect(answer.json().data).toEqual({ status: 'premier_required' });
    expect((await stateOf(ctx, user._id)).appointments).toEqual([]);
    const response = await readActions(headers, call.call_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ timeZone: BERLIN, isEnded: false, actions: [] });
  });

  it('answers 401 without a session', async () => {
    const { call } = await practitionerOnCall();
    const response = await ctx.app.inject({ method: 'GET', url: actionsUrl(call.call_id) });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('actions');
  });

  it('answers 400 to an empty or malformed call id and 414 to one longer than a path segment may be', async () => {
    const { headers } = await practitionerOnCall();
    expect((await readActions(headers, '')).statusCode).toBe(400);
    // A NUL byte, which PostgreSQL refuses in text, never reaches it.
    for (const callId of ['call\u0000x', 'call 1', 'call;drop', 'ｃａｌｌ'])
      expect((await readActions(headers, callId)).statusCode, callId).toBe(400);
    expect((await readActions(headers, 'c'.repeat(201))).statusCode).toBe(414);
  });

  it(`answers 429 after ${VOICE_ACTIONS_READS_PER_MINUTE} reads a minute by one user`, async () => {
    const { headers, call } = await practitionerOnCall();
    for (let i = 0; i < VOICE_ACTIONS_READS_PER_MINUTE; i += 1)
      expect((await readActions(headers, call.call_id)).statusCode).toBe(200);
    const limited = await readActions(headers, call.call_id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
