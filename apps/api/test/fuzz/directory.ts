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
  ZDirectoryFacility,
  ZDirectorySlots,
} from '@portal/shared/directory-public';
import { z } from 'zod';
import type { TestContext } from '../app.ts';
import type { Operation } from './openapi.ts';
import type { Pools } from './pools.ts';

/*
 * The directory in the campaign: each user owns a facility and has a listing, half of them
 * approved, so the owner's routes, the public cards and the free slots have something to
 * succeed on, beside other people's ids and unknown ones.
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
  'GET /api/directory/doctors': { 200: z.array(ZDirectoryDoctor) },
  'GET /api/directory/doctors/{id}': { 200: ZDirectoryDoctor },
  'GET /api/directory/doctors/{id}/slots': { 200: ZDirectorySlots },
  'GET /api/directory/facilities': { 200: z.array(ZFacilitySummary) },
  'GET /api/directory/facilities/{id}': { 200: ZDirectoryFacility },
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
        onlineBooking: 'instant',
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
  return { facilities, publicIds, staff, staffCodes };
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
    return fc.oneof(
      { weight: 6, arbitrary: ids(facilities.map((f) => f.id)) },
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
  // Mostly values that pass, now and then one that does not: a facility's six fields must all
  // pass at once, so each fails rarely.
  const mostly = (valid: unknown[], invalid: unknown[]) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...valid) },
      { weight: 1, arbitrary: fc.constantFrom(...invalid) },
    );
  if (operation.path.startsWith('/api/facilities') && !operation.path.includes('/staff'))
    return {
      kind: mostly(['clinic', 'hospital', 'pharmacy'], ['lab']),
      name: mostly(['Clínica da Estrela', 'Charité Mitte'], ['', 'x'.repeat(201)]),
      address: mostly(['Rua da Estrela 12', 'Charitéplatz 1'], ['']),
      city: mostly(['Lisboa', 'Berlin'], ['']),
      country: mostly(['PT', 'DE'], ['pt', 'XX']),
      phone: mostly(['+351912345678', '+49 30 901820', undefined], ['call me']),
    };
  if (operation.label === 'POST /api/me/facility-staff') {
    const mine = pools.directory.staffCodes.filter((c) => c.userId === actorId).map((c) => c.code);
    const all = pools.directory.staffCodes.map((c) => c.code);
    return { code: fc.oneof(fc.constantFrom(...mine, ...all), fc.string()) };
  }
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
