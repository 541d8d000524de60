import fc from 'fast-check';
import {
  ZCreatedInvitation,
  ZCreatedLink,
  ZInvitationInput,
  ZInvitationPreview,
  ZLinkInput,
  ZMyLinks,
  ZPatientAccess,
} from '@portal/shared/patient-access';
import type { TestContext } from '../app.ts';
import type { LinkInPool } from './my-health.ts';
import type { Operation } from './openapi.ts';
import type { Pools } from './pools.ts';
import type { Hints } from './schema-arbitraries.ts';

/*
 * Invitations and links in the campaign: codes answered by `POST …/invitation` are kept, so a
 * look-up or an accept can reach past "unknown code".
 */

/** The date of birth of the seeded patients; the hints give it to accepts most of the time. */
const SEEDED_BIRTH_DATE = '1958-03-14';

export const PATIENT_ACCESS_ZOD_RESPONSES = {
  'POST /api/records/patients/{id}/invitation': { 201: ZCreatedInvitation },
  'GET /api/records/patients/{id}/access': { 200: ZPatientAccess },
  'GET /api/me/invitations/{code}': { 200: ZInvitationPreview },
  'POST /api/me/links': { 201: ZCreatedLink },
  'GET /api/me/links': { 200: ZMyLinks },
};

export const PATIENT_ACCESS_ZOD_BODIES = {
  'POST /api/records/patients/{id}/invitation': ZInvitationInput,
  'POST /api/me/links': ZLinkInput,
};

/** The answered codes, then and now one of the right shape that no invitation has. */
export function invitationCodes(pools: Pools): fc.Arbitrary<string> {
  const unknown = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
  if (!pools.invitationCodes.length) return unknown;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...pools.invitationCodes) },
    { weight: 1, arbitrary: unknown },
  );
}

/** An accept's code, and a date of birth the campaign's patients have (or not). */
export function patientAccessHints(operation: Operation, pools: Pools): Hints {
  if (operation.path !== '/api/me/links') return {};
  // Accepts are few (10 a minute per user): mostly codes that exist, with the seeded patients'
  // date of birth; unknown codes and wrong dates come from the schema's own values too.
  return {
    code: pools.invitationCodes.length
      ? fc.constantFrom(...pools.invitationCodes)
      : invitationCodes(pools),
    birthDate: fc.oneof(
      { weight: 3, arbitrary: fc.constant(SEEDED_BIRTH_DATE) },
      { weight: 1, arbitrary: fc.constantFrom('2024-02-29', '1990-01-01') },
    ),
  };
}

/**
 * Each user's live fixture patient gets a date of birth, a link to the next user, and an open
 * invitation: accepts and leaves have something to succeed on from the first batch, whatever
 * the per-user budget of tries leaves later.
 */
export async function seedPatientAccess(
  ctx: TestContext,
  users: Array<{ headers: Record<string, string>; user: { _id: string } }>,
): Promise<Pick<Pools, 'invitationCodes' | 'linkIds'> & { links: LinkInPool[] }> {
  const { rows } = await ctx.database.pool.query<{ id: string; owner_id: string }>(
    `update patients set date_of_birth = $1 where deleted_at is null returning id, owner_id`,
    [SEEDED_BIRTH_DATE],
  );
  const invitationCodes: string[] = [];
  const linkIds: string[] = [];
  const links: LinkInPool[] = [];
  for (const [index, { headers, user }] of users.entries()) {
    const patient = rows.find((row) => row.owner_id === user._id);
    if (!patient) continue;
    const invite = async (relationship: string) => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/records/patients/${patient.id}/invitation`,
        headers,
        payload: { relationship },
      });
      if (answer.statusCode !== 201) throw new Error(`seeding an invitation: ${answer.body}`);
      return (answer.json() as { code: string }).code;
    };
    const linkedUser = users[(index + 1) % users.length]!;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/links',
      headers: linkedUser.headers,
      payload: { code: await invite('parent-or-guardian'), birthDate: SEEDED_BIRTH_DATE },
    });
    if (accepted.statusCode !== 201) throw new Error(`seeding a link: ${accepted.body}`);
    linkIds.push((accepted.json() as { _id: string })._id);
    links.push({ userId: linkedUser.user._id, patientId: patient.id });
    invitationCodes.push(await invite('carer'));
  }
  invitationCodes.forEach((code) => ctx.sentByClient(code));
  return { invitationCodes, linkIds, links };
}
