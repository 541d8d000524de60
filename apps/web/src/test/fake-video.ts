import { http, HttpResponse, type HttpHandler } from 'msw';
import { ZVideoJoin, ZVideoSignalInput } from '@portal/shared/video';
import type { OutgoingSignal, VideoJoin } from '../features/video/video-types.ts';
import { invalid, json } from './http.ts';

/** What the API answers a join of a visit in its window: a room and one STUN server. */
export function videoJoinOf(overrides: Partial<VideoJoin> = {}): VideoJoin {
  return {
    room: 'room-1',
    iceServers: [{ urls: ['stun:stun.example.test:3478'] }],
    iceTransportPolicy: 'all',
    expiresAt: '2026-03-02T10:00:00.000Z',
    role: 'patient',
    patientId: '5b0c2f3e-8d4a-4c1e-9f6b-2a7d3e1c0b94',
    peerName: 'Dr Lee',
    ...overrides,
  };
}

/**
 * The video visit's routes in memory: `POST /api/appointments/:id/video` answers the join a test
 * opened (`open`) or its refusal, 404 `APPOINTMENT_NOT_FOUND` for any other id, through the
 * shared schema; the event stream stays open and carries what the test `emit`s; every signal the
 * shared schema takes is kept in `signals` (400 otherwise, as the API answers).
 */
export class FakeVideo {
  private readonly joins = new Map<
    string,
    VideoJoin | { refusal: string; status: number; body: object }
  >();
  /** How many times a visit was joined (`POST …/video`), refusals included. */
  joinRequests = 0;
  private readonly streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  readonly signals: (OutgoingSignal & { appointmentId: string })[] = [];
  /** The Authorization header each event stream was opened with. */
  readonly streamAuthorizations: (string | null)[] = [];

  open(appointmentId: string, join: Partial<VideoJoin> = {}): VideoJoin {
    const answer = videoJoinOf(join);
    this.joins.set(appointmentId, answer);
    return answer;
  }

  /** Joins refuse with `code`; `body` adds to the answer (a 409's `reason`, `opensAt`, …). */
  refuse(appointmentId: string, code: string, status = 409, body: object = {}): void {
    this.joins.set(appointmentId, { refusal: code, status, body });
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /** One event to every open stream, as the API writes it. */
  emit(type: string, data: unknown = {}): void {
    const bytes = new TextEncoder().encode(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    for (const stream of this.streams) stream.enqueue(bytes);
  }

  /** Every open stream ends, as when the API closes it (a token run out) or the network drops. */
  endStreams(): void {
    for (const stream of this.streams) stream.close();
    this.streams.clear();
  }

  handlers(): HttpHandler[] {
    return [
      http.post('/api/appointments/:id/video', ({ params }) => {
        this.joinRequests += 1;
        const join = this.joins.get(String(params.id));
        if (!join)
          return json(
            { code: 'APPOINTMENT_NOT_FOUND', message: 'Appointment not found.' },
            { status: 404 },
          );
        if ('refusal' in join)
          return json(
            { code: join.refusal, message: join.refusal, ...join.body },
            { status: join.status },
          );
        return json(ZVideoJoin.parse(join));
      }),
      http.get('/api/appointments/:id/video/events', ({ request }) => {
        this.streamAuthorizations.push(request.headers.get('Authorization'));
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({
          start: (c) => {
            controller = c;
            this.streams.add(c);
          },
          cancel: () => {
            this.streams.delete(controller);
          },
        });
        request.signal.addEventListener('abort', () => this.streams.delete(controller));
        return new HttpResponse(body, {
          headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
        });
      }),
      http.post('/api/appointments/:id/video/signal', async ({ params, request }) => {
        const parsed = ZVideoSignalInput.safeParse(await request.json());
        if (!parsed.success) return invalid(parsed.error);
        this.signals.push({ appointmentId: String(params.id), ...(parsed.data as OutgoingSignal) });
        return new HttpResponse(null, { status: 204 });
      }),
    ];
  }
}
