import { signIn, type TestContext } from '../app.ts';
import {
  createLocalIdentityProvider,
  generateLocalSigningKey,
} from '../../src/providers/identity/local.ts';
import type { VoiceProvider } from '../../src/providers/voice/voice.ts';
import { emptyKindPools, KIND_SEEDS } from './kinds.ts';
import type { Pools } from './pools.ts';
import { seedPatientAccess } from './patient-access.ts';
import { seedCorrections } from './corrections.ts';
import { bookingLinks, FUZZ_REVIEWER, seedDirectory } from './directory.ts';
import { seedMedicines } from './medicines.ts';
import { FUZZ_SUPPORT, seedMessages } from './messages.ts';
import { seedLinkedRecord } from './my-health.ts';
import { seedReminders } from './reminders.ts';
import { seedVideoVisits } from './video.ts';

/**
 * What the campaign starts from: a few signed-in users with patients (one trashed each), a paid
 * checkout, one item of every registered kind, a voice call per user, a link to a patient and an
 * open invitation per user, the medicines' pharmacies and prescriptions, and the tokens the
 * requests present.
 */

const USERS = 6;
const AGENT_ID = 'agent_fuzz_0001';

/** A voice provider that starts numbered calls and never sees a Retell signature. */
export function createFuzzVoice(): VoiceProvider {
  let callCount = 0;
  return {
    name: 'retell',
    agentId: AGENT_ID,
    async createWebCall() {
      callCount += 1;
      return { accessToken: `fuzz-web-call-${callCount}`, callId: `call_fuzz_${callCount}` };
    },
    // Nothing here is signed by Retell: the functions and webhook routes answer 401.
    async isSignedByProvider() {
      return false;
    },
  };
}

/** Seeds the rows above and returns the pools the first batch draws from. */
export async function seedCampaign(ctx: TestContext): Promise<Pools> {
  const users: Awaited<ReturnType<typeof signIn>>[] = [];
  // The last one reviews the directory (DIRECTORY_REVIEWERS of the campaign's app), the one
  // before answers the Support desk (SUPPORT_EMAILS).
  const emails = { [USERS - 1]: FUZZ_REVIEWER, [USERS - 2]: FUZZ_SUPPORT } as Record<
    number,
    string
  >;
  for (let i = 0; i < USERS; i += 1)
    users.push(await signIn(ctx, emails[i] ? { email: emails[i] } : {}));
  for (const { headers } of users) {
    for (let i = 0; i < 2; i += 1) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/records/patients',
        headers,
        payload: {
          name: `Fixture Patient ${i}`,
          diagnosedWith: 'Hypertension',
          address: '1 Fixture Lane',
          age: 40 + i,
          bloodGroup: 'B+',
          gender: 'Other',
          phone: '5550101010',
          emergencyContact: { phone: '5550202020' },
        },
      });
      if (i === 1)
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/records/patients/${created.json()._id}`,
          headers,
        });
    }
  }
  // One paid checkout, so confirming it (PUT /user/subscription) has something to succeed on.
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/premier/create-checkout-session',
    headers: users[0]!.headers,
    payload: { amount: ctx.config.PREMIUM_AMOUNT },
  });
  await ctx.app.inject({
    method: 'POST',
    url: `/api/premier/local-checkout/${checkout.json().id}/pay`,
  });
  // A second member whose membership no checkout of the campaign can refund: the first one's
  // paid checkout is among those the draws refund, after which the members-only routes would
  // have nobody left to succeed for.
  await ctx.database.pool.query('update users set premium_member = true where id = $1', [
    users[2]!.user._id,
  ]);
  // One item of every kind, its declaration's example: the members-only kinds' for that member,
  // the others' for a user who is not one, so the routes under each item have one to succeed on
  // from the first batch, and someone else's to be refused.
  for (const { segment, isMembersOnly, body } of KIND_SEEDS) {
    const { headers } = users[isMembersOnly ? 0 : 1]!;
    const patients = await ctx.app.inject({ url: '/api/records/patients', headers });
    const seeded = await ctx.app.inject({
      method: 'POST',
      url: `/api/records/patients/${patients.json()[0]._id}/${segment}`,
      headers,
      payload: body(),
    });
    if (seeded.statusCode !== 201)
      throw new Error(`seeding ${segment} answered ${seeded.statusCode}: ${seeded.body}`);
  }
  // A record outside the pool's reach, linked to three pool users (one of them a member).
  const linked = await seedLinkedRecord(
    ctx,
    [0, 2, 3].map((i) => users[i]!.user._id),
  );
  // Pool users linked to each other's patients through invitations (patient-access.ts): the
  // privacy rule of /api/me knows those links too.
  const { links: accessLinks, ...access } = await seedPatientAccess(ctx, users);
  linked.links.push(...accessLinks);
  // Open correction requests on the pool users' own patients, to accept and decline.
  await seedCorrections(
    ctx.database.pool,
    users.map(({ user }) => user._id),
  );
  // A facility and a listing per user, half of them approved (directory.ts).
  const directory = await seedDirectory(ctx, users);
  linked.links.push(...(await bookingLinks(ctx)));
  // Support threads and a clinical thread per user (messages.ts).
  const messages = await seedMessages(ctx, users);
  // A video visit open now per user, and one of the linked record (video.ts).
  const videoVisits = await seedVideoVisits(ctx, {
    userIds: users.map(({ user }) => user._id),
    linkedPatientId: linked.patientId,
  });
  // Pharmacies with the pool on their staff, tokens, a sent prescription and refill requests.
  const medicines = await seedMedicines(ctx, users);
  // A voice call per user, so reading what a call did has calls of its own and others' to read.
  const calls = [];
  for (const { headers, user } of users) {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/retellai/connect-retellai',
      headers,
      payload: { agent_id: AGENT_ID },
    });
    calls.push({ id: started.json().call_id as string, ownerId: user._id });
  }
  const foreign = await createLocalIdentityProvider({
    privateJwk: await generateLocalSigningKey(),
    publicUrl: ctx.config.PUBLIC_URL,
  });
  const issue = async (provider: typeof foreign, label: string) =>
    (await provider.issueIdToken({ email: `${label}@example.test`, name: `Fuzz ${label}` }))
      .idToken;
  const freshTokens = [];
  for (let i = 0; i < 30; i += 1) freshTokens.push(await issue(ctx.local, `fresh-${i}`));
  return {
    users: users.map(({ token, user }) => ({ token, user })),
    patients: [],
    sessions: [],
    appointments: [],
    visits: [],
    corrections: [],
    kinds: emptyKindPools(),
    calls,
    linked,
    reminders: await seedReminders(ctx.database.pool),
    feedFiles: [],
    ...access,
    directory,
    messages,
    medicines,
    videoVisits,
    cursors: [],
    unregisteredToken: await issue(ctx.local, 'never-signed-in'),
    foreignToken: await issue(foreign, 'foreign'),
    freshTokens,
    agentId: AGENT_ID,
    premiumAmount: ctx.config.PREMIUM_AMOUNT,
  };
}
