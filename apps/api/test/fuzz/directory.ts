import fc from 'fast-check';
import {
  ZCreatedStaffInvitation,
  ZFacility,
  ZFacilityInput,
  ZFacilitySummary,
  ZListing,
  ZStaffAcceptInput,
  ZStaffInput,
  ZStaffMembership,
} from '@portal/shared/directory';
import {
  ZDirectoryDoctor,
  ZDirectoryDoctorHit,
  ZDirectoryFacility,
  ZDirectorySlots,
} from '@portal/shared/directory-public';
import { ZDirectoryBooking } from '@portal/shared/booking';
import { FUZZ_DAYS } from './url-parts.ts';
import { z } from 'zod';
import type { TestContext } from '../app.ts';
import type { Operation } from './openapi.ts';
import type { Pools } from './pools.ts';

/*
 * The directory in the campaign: each user owns a facility and has a listing, half of them
 * approved, so the owner's routes, the public cards and the free slots have something to
 * succeed on, beside other people's ids and unknown ones. Two of the approved listings take
 * requests rather than instant bookings, and every pool user has requested a slot of each of
 * those (but their own), so the practitioners' confirm and decline have requests to
 * answer. (A booking's body is not in DIRECTORY_ZOD_BODIES: the schema accepts times that are
 * not free slots, which the route refuses with a 400.)
 */

export const DIRECTORY_ZOD_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  'POST /api/facilities': { 201: ZFacility },
  'GET /api/facilities': { 200: z.object({ items: z.array(ZFacility) }) },
  'GET /api/facilities/{id}': { 200: ZFacility },
  'PUT /api/facilities/{id}': { 200: ZFacility },
  'POST /api/facilities/{id}/staff': { 201: ZCreatedStaffInvitation },
  'POST /api/me/facility-staff': { 201: ZStaffMembership },
  'GET /api/user/listing': { 200: ZListing },
  'PUT /api/user/listing': { 200: ZListing },
  'GET /api/directory/doctors': { 200: z.array(ZDirectoryDoctorHit) },
  'GET /api/directory/doctors/{id}': { 200: ZDirectoryDoctor },
  'GET /api/directory/doctors/{id}/slots': { 200: ZDirectorySlots },
  'GET /api/directory/facilities': { 200: z.array(ZFacilitySummary) },
  'GET /api/directory/facilities/{id}': { 200: ZDirectoryFacility },
  'POST /api/directory/doctors/{id}/bookings': { 201: ZDirectoryBooking },
};

/** Bodies whose every refusal is the schema's (a listing's facility is also checked for membership). */
export const DIRECTORY_ZOD_BODIES: Record<string, z.ZodType> = {
  'POST /api/facilities': ZFacilityInput,
  'PUT /api/facilities/{id}': ZFacilityInput,
  'POST /api/facilities/{id}/staff': ZStaffInput,
  'POST /api/me/facility-staff': ZStaffAcceptInput,
};

/** The campaign's directory reviewer: one of its users, named in DIRECTORY_REVIEWERS. */
export const FUZZ_REVIEWER = 'fuzz-reviewer@example.test';

export interface DirectoryPools {
  /** Facilities seeded before the run, by owner. */
  facilities: Array<{ id: string; ownerId: string }>;
  /** Public ids of the seeded listings (half of them approved). */
  publicIds: string[];
  /** Staff invitations seeded before the run, three per facility. */
  staff: Array<{ id: string; facilityId: string; ownerId: string }>;
  /** The codes of those addressed to another pool user, by the invited user. */
  staffCodes: Array<{ code: string; userId: string }>;
}

/**
 * The approved listings that take requests: users 2 and 4, whose new self-registered records
 * then leave the seeded items of users 0 and 1 (kind_seeds) as likely to be drawn as before.
 */
const isTakingRequests = (index: number) => index === 2 || index === 4;

/** A facility and a listing per user; every other one approved, as a reviewer would. */
export async function seedDirectory(
  ctx: TestContext,
  users: Array<{ headers: Record<string, string>; user: { _id: string; email: string } }>,
): Promise<DirectoryPools> {
  const facilities: DirectoryPools['facilities'] = [];
  const publicIds: string[] = [];
  const staff: DirectoryPools['staff'] = [];
  const staffCodes: DirectoryPools['staffCodes'] = [];
  for (const [index, { headers, user }] of users.entries()) {
    const facility = await ctx.app.inject({
      method: 'POST',
      url: '/api/facilities',
      headers,
      payload: {
        kind: 'clinic',
        name: `Fuzz Clinic ${index}`,
        address: '1 Fuzz Street',
        city: 'Lisboa',
        country: 'PT',
      },
    });
    if (facility.statusCode !== 201) throw new Error(`seeding a facility: ${facility.body}`);
    const facilityId = (facility.json() as { _id: string })._id;
    facilities.push({ id: facilityId, ownerId: user._id });
    // Invitations to remove: without them a staff member's removal could never succeed.
    // The first goes to the next pool user, who may accept it with its code.
    const colleague = users[(index + 1) % users.length]!.user;
    for (let member = 0; member < 3; member += 1) {
      const invited = await ctx.app.inject({
        method: 'POST',
        url: `/api/facilities/${facilityId}/staff`,
        headers,
        payload: {
          email: member === 0 ? colleague.email : `fuzz-staff-${index}-${member}@example.test`,
        },
      });
      if (invited.statusCode !== 201) throw new Error(`seeding staff: ${invited.body}`);
      const { _id, code } = invited.json() as { _id: string; code: string };
      staff.push({ id: _id, facilityId, ownerId: user._id });
      if (member === 0) {
        staffCodes.push({ code, userId: colleague._id });
        // Answered to the client once; its e-mail would be the only other place.
        ctx.sentByClient(code);
      }
    }
    const listing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/listing',
      headers,
      payload: {
        listed: true,
        facilityId,
        specialties: ['394579002'],
        languages: ['en'],
        visitKinds: ['in-person'],
        onlineBooking: isTakingRequests(index) ? 'request' : 'instant',
      },
    });
    if (listing.statusCode !== 200) throw new Error(`seeding a listing: ${listing.body}`);
    publicIds.push((listing.json() as { publicId: string }).publicId);
  }
  await ctx.database.pool.query(
    `update facilities set review_status = 'approved' where id = any($1::uuid[])`,
    [facilities.filter((_, index) => index % 2 === 0).map((facility) => facility.id)],
  );
  await ctx.database.pool.query(
    `update directory_listings set review_status = 'approved' where public_id = any($1::uuid[])`,
    [publicIds.filter((_, index) => index % 2 === 0)],
  );
  // Requests to answer: each pool user asks each requesting practitioner (but themselves) once.
  for (const [index, { headers }] of users.entries())
    for (const [doctor, publicId] of publicIds.entries()) {
      if (!isTakingRequests(doctor) || doctor === index) continue;
      const booked = await ctx.app.inject({
        method: 'POST',
        url: `/api/directory/doctors/${publicId}/bookings`,
        headers,
        payload: {
          start: `${FUZZ_DAYS[0]}T${String(9 + index).padStart(2, '0')}:00:00.000Z`,
          kind: 'in-person',
          reason: 'Check-up',
        },
      });
      if (booked.statusCode !== 201) throw new Error(`seeding a request: ${booked.body}`);
    }
  return { facilities, publicIds, staff, staffCodes };
}

/**
 * The links bookings made (to the booker's self-registered record): the privacy rule of
 * /api/me lets each booker read their own record, as it does for an accepted invitation.
 */
export async function bookingLinks(
  ctx: Pick<TestContext, 'database'>,
): Promise<Array<{ userId: string; patientId: string }>> {
  const { rows } = await ctx.database.pool.query<{ user_id: string; patient_id: string }>(
    `select l.user_id, l.patient_id from patient_links l
       join patients p on p.id = l.patient_id
       where p.self_registered and l.ended_at is null`,
  );
  return rows.map((row) => ({ userId: row.user_id, patientId: row.patient_id }));
}

/** A path value of a directory route: the actor's facility, someone else's, a public id, junk. */
export function directoryPathValue(
  operation: Operation,
  name: string,
  actorId: string,
  pools: Pools,
  junk: fc.Arbitrary<{ value: string; raw?: string }>,
): fc.Arbitrary<{ value: string; raw?: string }> | undefined {
  const ids = (list: string[]) =>
    list.length
      ? fc.constantFrom(...list).map((value) => ({ value }))
      : fc.uuid().map((value) => ({ value }));
  const { facilities, publicIds, staff } = pools.directory;
  if (name === 'staffId')
    return fc.oneof(
      {
        weight: 6,
        arbitrary: ids(staff.filter((member) => member.ownerId === actorId).map((m) => m.id)),
      },
      {
        weight: 2,
        arbitrary: ids(staff.filter((member) => member.ownerId !== actorId).map((m) => m.id)),
      },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 1, arbitrary: junk },
    );
  if (operation.path.startsWith('/api/directory/review/')) {
    // A reviewer decides on facilities by their ids ("listings" with them is a missing item).
    if (name === 'kind')
      return fc.oneof(
        {
          weight: 8,
          arbitrary: fc.constantFrom('facilities', 'listings').map((value) => ({ value })),
        },
        { weight: 1, arbitrary: junk },
      );
    // The pending facilities (every other one) are decided once: the second is left to
    // rejections, the others to approvals, so neither spends all of the other's.
    const pending = facilities.filter((_, index) => index % 2 === 1);
    const isReject = operation.path.endsWith('/reject');
    const others = pending.filter((_, index) => (index === 1) !== isReject);
    const drawn = facilities.filter((f) => !others.includes(f));
    return fc.oneof(
      { weight: 6, arbitrary: ids(drawn.map((f) => f.id)) },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 1, arbitrary: junk },
    );
  }
  if (operation.path.startsWith('/api/facilities/{id}') && name === 'id')
    return fc.oneof(
      {
        weight: 6,
        arbitrary: ids(facilities.filter((f) => f.ownerId === actorId).map((f) => f.id)),
      },
      {
        weight: 3,
        arbitrary: ids(facilities.filter((f) => f.ownerId !== actorId).map((f) => f.id)),
      },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 2, arbitrary: junk },
    );
  if (operation.path.startsWith('/api/directory/doctors/{id}'))
    return fc.oneof(
      { weight: 6, arbitrary: ids(publicIds) },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 2, arbitrary: junk },
    );
  if (operation.path === '/api/directory/facilities/{id}')
    return fc.oneof(
      { weight: 6, arbitrary: ids(facilities.map((f) => f.id)) },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 2, arbitrary: junk },
    );
  return undefined;
}

/** Body fields of the directory's forms that get past validation now and then. */
export function directoryHints(operation: Operation, actorId: string, pools: Pools) {
  // Mostly values that pass, now and then one that does not.
  const mostlyOf = (valid: unknown[], invalid: unknown[], weight: number) =>
    fc.oneof(
      { weight, arbitrary: fc.constantFrom(...valid) },
      { weight: 1, arbitrary: fc.constantFrom(...invalid) },
    );
  const mostly = (valid: unknown[], invalid: unknown[]) => mostlyOf(valid, invalid, 6);
  if (operation.path.startsWith('/api/facilities') && !operation.path.includes('/staff')) {
    // A facility has seven fields: each refused less often, so that a whole one passes now and then.
    const mostly = (valid: unknown[], invalid: unknown[]) => mostlyOf(valid, invalid, 12);
    return {
      kind: mostly(['clinic', 'hospital', 'pharmacy'], ['lab']),
      name: mostly(['Clínica da Estrela', 'Charité Mitte'], ['', 'x'.repeat(201)]),
      address: mostly(['Rua da Estrela 12', 'Charitéplatz 1'], ['']),
      city: mostly(['Lisboa', 'Berlin'], ['']),
      country: mostly(['PT', 'DE'], ['pt', 'XX']),
      phone: mostly(['+351912345678', '+49 30 901820', undefined], ['call me']),
      coordinates: mostly([null, undefined, { lat: 38.7139, lng: -9.1394 }], [{ lat: 91, lng: 0 }]),
    };
  }
  if (operation.label === 'POST /api/me/facility-staff') {
    const mine = pools.directory.staffCodes.filter((c) => c.userId === actorId).map((c) => c.code);
    const all = pools.directory.staffCodes.map((c) => c.code);
    return { code: fc.oneof(fc.constantFrom(...mine, ...all), fc.string()) };
  }
  if (operation.path === '/api/directory/doctors/{id}/bookings')
    return {
      start: fc
        .tuple(fc.constantFrom(...FUZZ_DAYS), fc.integer({ min: 0, max: 17 }))
        .map(([day, half]) =>
          new Date(Date.parse(`${day}T09:00:00Z`) + half * 1_800_000).toISOString(),
        ),
      duration: mostly([undefined, 30, 60], [7, 481]),
      kind: mostly(['in-person'], ['video', 'teleport']),
      reason: mostly(['Check-up', 'Knee pain since Monday'], ['', 'x'.repeat(201)]),
      for: mostly(
        [
          'self',
          undefined,
          { dependant: { givenName: 'Lina', familyName: 'Haddad', birthDate: '2018-06-01' } },
        ],
        [
          { dependant: { givenName: '', familyName: 'Haddad', birthDate: '2999-01-01' } },
          'sibling',
        ],
      ),
    };
  if (operation.path === '/api/user/listing') {
    const own = pools.directory.facilities.filter((f) => f.ownerId === actorId).map((f) => f.id);
    return {
      listed: fc.boolean(),
      facilityId: fc.oneof(fc.constantFrom(...own, null), fc.uuid()),
      specialties: fc.constantFrom(['394579002'], ['394579002', '394582007'], ['0000']),
      languages: fc.constantFrom(['en'], ['pt', 'en'], ['klingon']),
      visitKinds: fc.constantFrom(['in-person'], ['video', 'phone'], ['teleport']),
      onlineBooking: fc.constantFrom('off', 'request', 'instant', 'always'),
    };
  }
  return {};
}
