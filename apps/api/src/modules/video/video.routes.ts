import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VIDEO_SIGNAL_PAYLOAD_MAX_BYTES,
  ZVideoJoin,
  ZVideoNotOpen,
  ZVideoSignalInput,
} from '@portal/shared/video';
import { ZApiError } from '../../lib/api-error-schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { openEventStream, requireEventStream, tokenExpiry } from '../../lib/event-stream.ts';
import { actorOf, ZRecordParams } from '../audit/owned-records.http.ts';
import type { CallHub } from './video.hub.ts';
import type { VideoService } from './video.service.ts';

const ZParams = ZRecordParams('appointment');
const errors = {
  400: ZApiError,
  401: ZApiError,
  404: ZApiError,
  409: ZVideoNotOpen.describe('`VIDEO_NOT_OPEN`: why, and when the call opens and closes'),
};
const PARTICIPANTS =
  'Only the appointment’s practitioner and the people with a live link to its patient (the patient in the trash: nobody); anyone else, and a missing id, get 404 `APPOINTMENT_NOT_FOUND`. Only a video appointment that is booked, arrived or fulfilled, from 10 minutes before its start until 30 minutes after its end; otherwise 409 `VIDEO_NOT_OPEN`, whose message says why and when the call opens, with `reason` (`early` only for a call that opens later), `opensAt` and `closesAt` in the body. Never cached (`Cache-Control: no-store`); audited, refusals too.';
/** ICE trickles dozens of candidates per call and per reconnect: generous, but bounded. */
const SIGNALS_PER_MINUTE = 600;

/** Video visits under /api/appointments/{id}/video (HTTP only). */
export function videoRoutes(
  app: FastifyInstance,
  { video, hub, now }: { video: VideoService; hub: CallHub; now?: Clock },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];

  typed.post(
    '/api/appointments/:id/video',
    {
      schema: {
        tags,
        summary: 'Join a video visit: its room, ICE servers and transport policy',
        description: `${PARTICIPANTS} No body. \`iceServers\`: the configured STUN servers, and the TURN servers with credentials by the TURN REST convention that expire with the window (\`expiresAt\`); none configured, an empty list (the browser then connects directly or not at all). \`iceTransportPolicy\` is \`relay\` when the portal forces relayed media. Audited (\`join\`).`,
        params: ZParams,
        response: { 200: ZVideoJoin, ...errors },
      },
    },
    async (request) => video.joinCall({ actor: await actorOf(request), id: request.params.id }),
  );

  typed.get(
    '/api/appointments/:id/video/events',
    {
      schema: {
        tags,
        summary: 'A video visit’s live signalling: a server-sent event stream',
        description: `${PARTICIPANTS} Content type \`text/event-stream\`; read it with \`fetch\`, \`Accept: text/event-stream\` (otherwise 406 \`NOT_ACCEPTABLE\`) and the \`Authorization\` header (a token in the address is refused). Events: \`peer\` (\`{ state: 'joined' | 'left', role, session }\`) when the other side opens or closes its stream, and at once on opening when the other side is already there; \`session\` names that stream, so a \`joined\` with a new session is the other side's page reopened (a reload: connect afresh) and a \`left\` of an older session is stale; \`signal\` (\`{ from, type, payload }\`) for what the other side posted; \`ended\` (\`{ by }\`) when the other side left with \`leave\`; \`replaced\` when the same person opened the call again (a reload); \`expired\` at the end of the window. After \`ended\`, \`replaced\` and \`expired\` the stream ends; it also ends, with no event, when the token runs out (reconnect with a new one). One stream per person per call. Opening and closing are audited (\`enter_call\`, \`leave_call\`).`,
        params: ZParams,
        response: { 200: z.string().describe('text/event-stream'), ...errors, 406: ZApiError },
      },
    },
    async (request, reply) => {
      requireEventStream(request);
      const actor = await actorOf(request);
      const call = await video.enterCall({ actor, id: request.params.id });
      const windowEnd = call.closesAt.getTime();
      const tokenEnd = tokenExpiry(request) ?? Number.POSITIVE_INFINITY;
      let disconnect = () => {};
      const stream = openEventStream(reply, {
        endsAt: Math.min(windowEnd, tokenEnd),
        ...(windowEnd <= tokenEnd && { endEvent: 'expired' }),
        onEnd: () => {
          disconnect();
          video
            .leftCall({ actor, call })
            .catch((error: unknown) =>
              request.log.error({ err: error }, 'audit of a call left failed'),
            );
        },
        ...(now && { now }),
      });
      if (stream.isOpen)
        disconnect = hub.connect({
          room: call.place.appointmentId,
          userId: actor.actorId,
          role: call.place.role,
          send: (event) => stream.send(event),
          end: () => stream.end(),
        });
    },
  );

  typed.post(
    '/api/appointments/:id/video/signal',
    {
      schema: {
        tags,
        summary: 'Pass a signal to the other side of a video visit',
        description: `${PARTICIPANTS} Delivered only to the other side’s events stream, on whichever instance it is open; a signal is kept at most about two minutes for that and never audited, only that one was sent (\`signal\`). \`payload\` is at most ${VIDEO_SIGNAL_PAYLOAD_MAX_BYTES} bytes of JSON (400 with a field error beyond; a body over 64 KB: 413). \`media\` takes \`{ audio, video }\`; \`leave\` ends the call for both sides (the other side gets \`ended\`). ${SIGNALS_PER_MINUTE} signals a minute per person.`,
        params: ZParams,
        body: ZVideoSignalInput,
        response: { 204: z.null().describe('Passed on'), ...errors, 413: ZApiError },
      },
      bodyLimit: 64 * 1024,
      config: {
        rateLimit: {
          max: SIGNALS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `video-signal:${request.identity.uid}`,
        },
      },
    },
    async (request, reply) => {
      await video.sendSignal({
        actor: await actorOf(request),
        id: request.params.id,
        input: request.body,
      });
      return reply.code(204).send(null);
    },
  );
}
