import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIRECTORY_LIMITS, ZFacilitySummary } from '@portal/shared/directory';
import {
  ZDirectoryDoctor,
  ZDirectoryDoctorHit,
  ZDirectoryFacility,
  ZDirectorySlots,
  ZDirectorySlotsQuery,
  ZDirectorySummary,
  ZDoctorSearchQuery,
  ZFacilitySearchQuery,
  NEXT_SLOTS_MAX,
} from '@portal/shared/directory-public';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { sendPage } from '../../lib/paging.ts';
import type { DirectoryService } from './directory.service.ts';

/** Requests a minute per client address over all of the public directory's routes. */
export const DIRECTORY_READS_PER_MINUTE = 120;
/** How long a browser or proxy may keep an answer: they hold nothing about a patient. */
const CACHE_SECONDS = 60;

const PUBLIC = `No sign-in. Only approved items are ever answered (a listing also has to be listed); anything else is as if it did not exist. ${DIRECTORY_READS_PER_MINUTE} requests a minute per client address, then 429; answers may be cached for ${CACHE_SECONDS} seconds.`;

const publicCache = (reply: FastifyReply) =>
  void reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);

/** The public directory: who and where, for anyone, without an account. */
export function directoryRoutes(
  app: FastifyInstance,
  { directory }: { directory: DirectoryService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['directory'];
  const config = {
    isPublic: true,
    // One budget for every public route, counted per client address (TRUST_PROXY).
    rateLimit: {
      max: DIRECTORY_READS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: { ip: string }) => `directory:${request.ip}`,
    },
  };
  const errors = { 400: ZApiError, 404: ZApiError, 429: ZApiError };
  const ZPublicId = z.object({ id: z.string().max(200).describe('The listing’s `publicId`') });

  typed.get(
    '/api/directory/doctors',
    {
      schema: {
        tags,
        summary: 'Find a doctor: listed, approved practitioners by name',
        description: `${PUBLIC} \`q\` matches a fragment of the name, or of a specialty’s name in English, German, French, Arabic or Chinese; the filters all apply. Each doctor comes with their time zone and next ${NEXT_SLOTS_MAX} free ${DIRECTORY_LIMITS.slotMinutes}-minute slots within ${DIRECTORY_LIMITS.slotDaysMax} days (\`nextSlots\`, none when they do not book online), so a page of results costs one request. Keyset paging by name: \`X-Total-Count\` and a \`Link: <…>; rel="next"\` header.`,
        security: [],
        querystring: ZDoctorSearchQuery,
        response: { 200: z.array(ZDirectoryDoctorHit), ...errors },
      },
      config,
    },
    async (request, reply) => {
      const page = await directory.searchDoctors(request.query);
      publicCache(reply);
      return sendPage(request, reply, page);
    },
  );

  typed.get(
    '/api/directory/doctors/:id',
    {
      schema: {
        tags,
        summary: 'A doctor’s public card',
        description: `${PUBLIC} \`id\` is the listing’s random public id, never the account’s; anything else: 404 \`DOCTOR_NOT_FOUND\`.`,
        security: [],
        params: ZPublicId,
        response: { 200: ZDirectoryDoctor, ...errors },
      },
      config,
    },
    async (request, reply) => {
      const doctor = await directory.getDoctor(request.params.id);
      publicCache(reply);
      return doctor;
    },
  );

  typed.get(
    '/api/directory/doctors/:id/slots',
    {
      schema: {
        tags,
        summary: 'A doctor’s free slots, day by day',
        description: `${PUBLIC} From \`from\` to \`to\` (days in the doctor’s time zone, both included, at most ${DIRECTORY_LIMITS.slotDaysMax}; by default today and the 6 days after): ${DIRECTORY_LIMITS.slotMinutes}-minute slots on a 15-minute grid within the working hours, minus live appointments and what has begun. Only free times are answered, never what fills the others. A doctor who does not book online (\`onlineBooking: off\`) has no slots.`,
        security: [],
        params: ZPublicId,
        querystring: ZDirectorySlotsQuery,
        response: { 200: ZDirectorySlots, ...errors },
      },
      config,
    },
    async (request, reply) => {
      const slots = await directory.findSlots({ id: request.params.id, ...request.query });
      publicCache(reply);
      return slots;
    },
  );

  typed.get(
    '/api/directory/facilities',
    {
      schema: {
        tags,
        summary: 'Find a hospital, clinic or pharmacy: approved facilities by name',
        description: `${PUBLIC} \`q\` matches a fragment of the name; \`city\` the city as written, ignoring case. Keyset paging by name: \`X-Total-Count\` and a \`Link: <…>; rel="next"\` header.`,
        security: [],
        querystring: ZFacilitySearchQuery,
        response: { 200: z.array(ZFacilitySummary), ...errors },
      },
      config,
    },
    async (request, reply) => {
      const page = await directory.searchFacilities(request.query);
      publicCache(reply);
      return sendPage(request, reply, page);
    },
  );

  typed.get(
    '/api/directory/facilities/:id',
    {
      schema: {
        tags,
        summary: 'A facility and its listed doctors',
        description: `${PUBLIC} Its approved, listed doctors by name (at most 200). Anything else: 404 \`DIRECTORY_FACILITY_NOT_FOUND\`.`,
        security: [],
        params: z.object({ id: z.string().max(200).describe('The facility’s `_id`') }),
        response: { 200: ZDirectoryFacility, ...errors },
      },
      config,
    },
    async (request, reply) => {
      const facility = await directory.getFacility(request.params.id);
      publicCache(reply);
      return facility;
    },
  );

  typed.get(
    '/api/directory/summary',
    {
      schema: {
        tags,
        summary: 'How many doctors and facilities the directory holds',
        description: `${PUBLIC} Approved, listed practitioners and approved facilities by kind: the home page's counters.`,
        security: [],
        response: { 200: ZDirectorySummary, 429: ZApiError },
      },
      config,
    },
    async (_request, reply) => {
      const summary = await directory.summary();
      publicCache(reply);
      return summary;
    },
  );
}
