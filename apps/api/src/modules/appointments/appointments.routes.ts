import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAppointment,
  ZAppointmentConflict,
  ZAppointmentDeclineInput,
  ZAppointmentInput,
  ZAppointmentListQuery,
  ZAppointmentRequestsQuery,
  ZFreeSlots,
  ZFreeSlotsQuery,
} from '@portal/shared/appointment';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { etagOf } from '../../lib/etag.ts';
import { sendPage } from '../../lib/paging.ts';
import { plainJsonSerializer } from '../../lib/plain-json-serializer.ts';
import {
  actorOf,
  auditInvalidBody,
  ownedRecordErrors as errors,
  ZIfMatch,
  recordReadReplaceRoutes,
  ZRecordParams,
} from '../audit/owned-records.http.ts';
import type { AppointmentService } from './appointments.service.ts';

const ZId = ZRecordParams('appointment');
const ifMatch = ZIfMatch('a changed appointment then answers 409');
/** A clash with another live appointment, or (with If-Match) a version that has changed. */
const conflictOrChanged = z
  .union([ZAppointmentConflict, ZApiError])
  .describe('`APPOINTMENT_CONFLICT` with `conflict` (time and patient), or `APPOINTMENT_CHANGED`');

/** The practitioner's appointments under /api/appointments (HTTP only). */
export function appointmentRoutes(
  app: FastifyInstance,
  { appointments }: { appointments: AppointmentService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  typed.post(
    '/api/appointments',
    {
      schema: {
        tags,
        summary:
          'Book an appointment for one of my patients; 409 `APPOINTMENT_CONFLICT` when it overlaps a live appointment of mine or of the patient',
        description:
          'Booking outside the working hours is allowed (walk-ins, emergencies); the web app warns first. Live = booked, arrived or fulfilled.',
        body: ZAppointmentInput,
        response: { 201: ZAppointment, ...errors, 409: conflictOrChanged },
      },
      onError: auditInvalidBody(appointments.recordInvalidAttempt, { id: 'id' }, 'create'),
    },
    async (request, reply) => {
      const appointment = await appointments.createAppointment({
        actor: await actorOf(request),
        input: request.body,
      });
      return reply.code(201).header('etag', etagOf(appointment)).send(appointment);
    },
  );

  typed.get(
    '/api/appointments',
    {
      schema: {
        tags,
        summary:
          'My appointments overlapping [from, to) (at most 62 days), earliest first, every status; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        querystring: ZAppointmentListQuery,
        response: { 200: z.array(ZAppointment), ...errors },
      },
      // The agenda's busiest answer: `toApiAppointment` builds every field in the schema's order
      // (appointments.time.test.ts checks the bytes against the schema's own output).
      serializerCompiler: plainJsonSerializer,
    },
    async (request, reply) => {
      const page = await appointments.findAppointments({
        actor: await actorOf(request),
        ...request.query,
      });
      return sendPage(request, reply, page);
    },
  );

  typed.get(
    '/api/appointments/free-slots',
    {
      schema: {
        tags,
        summary:
          "A day's free slots: my working hours in my time zone minus my live appointments, on a 15-minute grid, from now on",
        querystring: ZFreeSlotsQuery,
        response: { 200: ZFreeSlots, ...errors },
      },
    },
    async (request) =>
      appointments.findFreeSlots({ actor: await actorOf(request), ...request.query }),
  );

  recordReadReplaceRoutes(app, {
    path: '/api/appointments/:id',
    tags,
    params: ZId,
    item: ZAppointment,
    input: ZAppointmentInput,
    ifMatch,
    summaries: {
      read: 'One of my appointments, with its `ETag`',
      replace:
        'Replace one of my appointments (reschedule, change status); with `If-Match`, 409 `APPOINTMENT_CHANGED` if it changed meanwhile; 409 `APPOINTMENT_CONFLICT` on an overlap',
    },
    conflict: conflictOrChanged,
    recordInvalidAttempt: appointments.recordInvalidAttempt,
    read: (place) => appointments.getAppointment(place),
    replace: (change) => appointments.updateAppointment(change),
  });

  typed.get(
    '/api/appointments/requests',
    {
      schema: {
        tags,
        summary:
          'My open requests from online booking (status `requested`), soonest start first; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        description:
          'A request holds its time until I confirm or decline it, or it expires (`requestExpiresAt`: 48 hours after it was made or 2 hours before its start, whichever is first).',
        querystring: ZAppointmentRequestsQuery,
        response: { 200: z.array(ZAppointment), ...errors },
      },
    },
    async (request, reply) => {
      const page = await appointments.findRequests({
        actor: await actorOf(request),
        ...request.query,
      });
      return sendPage(request, reply, page);
    },
  );

  const answerErrors = ZApiError.describe(
    '`APPOINTMENT_NOT_REQUESTED` (not a request waiting for an answer), `APPOINTMENT_REQUEST_TOO_LATE` (confirm of an expired request) or, with `If-Match`, `APPOINTMENT_CHANGED`',
  );

  typed.post(
    '/api/appointments/:id/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm a request from online booking: it becomes booked. With `If-Match`, 409 if it changed meanwhile',
        description:
          'Only a `requested` appointment before its `requestExpiresAt`; the patient sees it booked in My health.',
        params: ZId,
        headers: ifMatch,
        response: { 200: ZAppointment, ...errors, 409: answerErrors },
      },
    },
    async (request, reply) => {
      const appointment = await appointments.confirmRequest({
        actor: await actorOf(request),
        id: request.params.id,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(appointment)).send(appointment);
    },
  );

  typed.post(
    '/api/appointments/:id/decline',
    {
      schema: {
        tags,
        summary:
          'Decline a request from online booking: it is cancelled (`cancelReason` `declined`) and the time is free again. With `If-Match`, 409 if it changed meanwhile',
        description:
          'The optional message is shown to the patient in My health (never e-mailed). An empty body declines without one.',
        params: ZId,
        headers: ifMatch,
        body: ZAppointmentDeclineInput.nullish(),
        response: { 200: ZAppointment, ...errors, 409: answerErrors },
      },
    },
    async (request, reply) => {
      const appointment = await appointments.declineRequest({
        actor: await actorOf(request),
        id: request.params.id,
        ifMatch: request.headers['if-match'],
        message: request.body?.message ?? '',
      });
      return reply.header('etag', etagOf(appointment)).send(appointment);
    },
  );

  typed.post(
    '/api/appointments/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel one of my appointments (idempotent); the time is free again. With `If-Match`, 409 if it changed meanwhile',
        params: ZId,
        headers: ifMatch,
        response: { 200: ZAppointment, ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const appointment = await appointments.cancelAppointment({
        actor: await actorOf(request),
        id: request.params.id,
        ifMatch: request.headers['if-match'],
      });
      return reply.header('etag', etagOf(appointment)).send(appointment);
    },
  );
}
