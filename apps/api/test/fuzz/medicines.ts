import fc from 'fast-check';
import { z } from 'zod';
import {
  ZPatientPharmacy,
  ZPharmacyPrescription,
  ZPrescriptionVerification,
  ZRefillRequest,
} from '@portal/shared/medicines';
import { ZMyPrescription } from '@portal/shared/my-health';
import { ZPrescription } from '@portal/shared/prescription';
import { signIn, type TestContext } from '../app.ts';
import { prescriptionInput } from '../factories/clinical.ts';
import type { Operation } from './openapi.ts';

/*
 * Medicines in the campaign: two approved pharmacies (of an owner outside the pool) with every
 * pool user on their staff; on each pool user's live patient, prescriptions whose tokens are
 * verified and dispensed, one sent to the first pharmacy (its list, ready and dispensed), and
 * open refill requests, some drawn for approval and the others for decline (each is answered
 * once, so the two would otherwise spend each other's). The linked record's prescriptions
 * (my-health.ts) are sent and asked a refill of by the people linked to it.
 */

export interface MedicinePools {
  /** The approved pharmacies; every pool user is on the staff of each. */
  pharmacyIds: string[];
  /** Tokens of the pool users' prescriptions, and which prescription each verifies. */
  tokens: Array<{ token: string; prescriptionId: string }>;
  /** Prescriptions sent to the first pharmacy, whose staff are all the pool users. */
  sentIds: string[];
  /** Refill requests on the pool users' patients, for approval or for decline. */
  refills: Array<{ id: string; ownerId: string; patientId: string; isForApproval: boolean }>;
}

export const MEDICINE_ZOD_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  'GET /api/prescriptions/verify/{token}': { 200: ZPrescriptionVerification },
  'POST /api/prescriptions/verify/{token}/dispense': { 200: ZPrescriptionVerification },
  'GET /api/pharmacy/prescriptions': { 200: z.array(ZPharmacyPrescription) },
  'GET /api/records/patients/{id}/pharmacy': { 200: ZPatientPharmacy },
  'POST /api/pharmacy/prescriptions/{id}/ready': { 200: ZPharmacyPrescription },
  'POST /api/pharmacy/prescriptions/{id}/dispensed': { 200: ZPharmacyPrescription },
  'POST /api/me/patients/{patientId}/prescriptions/{id}/pharmacy': { 200: ZMyPrescription },
  'POST /api/me/patients/{patientId}/prescriptions/{id}/refill-requests': { 201: ZRefillRequest },
  'POST /api/records/patients/{id}/refill-requests/{requestId}/approve': { 201: ZPrescription },
  'POST /api/records/patients/{id}/refill-requests/{requestId}/decline': { 200: ZRefillRequest },
};

/** Prescriptions per pool user: a token's, one sent, two refills to approve, one to decline. */
const PER_USER = 5;

export async function seedMedicines(
  ctx: TestContext,
  users: Array<{ headers: Record<string, string>; user: { _id: string } }>,
): Promise<MedicinePools> {
  const owner = await signIn(ctx, { name: 'Fuzz Pharmacy Owner' });
  const pharmacyIds: string[] = [];
  for (const name of ['Fuzz Pharmacy North', 'Fuzz Pharmacy South']) {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/facilities',
      headers: owner.headers,
      payload: { kind: 'pharmacy', name, address: '3 Fuzz Street', city: 'Lisboa', country: 'PT' },
    });
    if (made.statusCode !== 201) throw new Error(`seeding a pharmacy: ${made.body}`);
    pharmacyIds.push((made.json() as { _id: string })._id);
  }
  const { pool } = ctx.database;
  await pool.query(`update facilities set review_status = 'approved' where id = any($1::uuid[])`, [
    pharmacyIds,
  ]);
  // Staff written straight in: how one is invited is the directory's part of the campaign.
  await pool.query(
    `insert into facility_staff (facility_id, email, code_hash, expires_at, user_id, accepted_at)
     select f, u.email, md5(f::text || u.id::text), now(), u.id, now()
       from unnest($1::uuid[]) f, users u where u.id = any($2::uuid[])`,
    [pharmacyIds, users.map(({ user }) => user._id)],
  );
  const tokens: MedicinePools['tokens'] = [];
  const sentIds: string[] = [];
  const refills: MedicinePools['refills'] = [];
  for (const [index, { headers, user }] of users.entries()) {
    const patients = (
      await ctx.app.inject({ url: '/api/records/patients', headers })
    ).json() as Array<{ _id: string }>;
    const patientId = patients[0]!._id;
    const base = `/api/records/patients/${patientId}/prescriptions`;
    const written: Array<{ _id: string; verifyUrl: string }> = [];
    for (let n = 0; n < PER_USER; n += 1) {
      // No medication of the allergies' hints (kind-extras.ts): a seed must not be refused.
      const made = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers,
        payload: prescriptionInput({ medication: `Fuzz Medicine ${index}-${n}` }),
      });
      if (made.statusCode !== 201) throw new Error(`seeding a prescription: ${made.body}`);
      written.push(made.json());
    }
    const [forToken, forPharmacy, ...forRefills] = written;
    tokens.push({
      token: forToken!.verifyUrl.split('/verify/')[1]!,
      prescriptionId: forToken!._id,
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${base}/${forPharmacy!._id}/pharmacy`,
      headers,
      payload: { facilityId: pharmacyIds[0] },
    });
    if (sent.statusCode !== 200) throw new Error(`seeding a send: ${sent.body}`);
    sentIds.push(forPharmacy!._id);
    const requester = users[(index + 1) % users.length]!.user._id;
    for (const [n, prescription] of forRefills.entries()) {
      const { rows } = await pool.query<{ id: string }>(
        `insert into refill_requests (owner_id, patient_id, prescription_id, requester_id, note)
         values ($1, $2, $3, $4, 'Seeded refill') returning id`,
        [user._id, patientId, prescription._id, requester],
      );
      refills.push({ id: rows[0]!.id, ownerId: user._id, patientId, isForApproval: n < 2 });
    }
  }
  return { pharmacyIds, tokens, sentIds, refills };
}

type PathValue = { value: string; raw?: string };

const ids = (list: string[]) =>
  list.length
    ? fc.constantFrom(...list).map((value) => ({ value }))
    : fc.uuid().map((value) => ({ value }));

/** A path value of the verification and pharmacy routes; undefined for other routes. */
export function medicinePathValue(
  operation: Operation,
  name: string,
  medicines: MedicinePools,
  junk: fc.Arbitrary<PathValue>,
): fc.Arbitrary<PathValue> | undefined {
  if (name === 'token')
    return fc.oneof(
      { weight: 6, arbitrary: ids(medicines.tokens.map((t) => t.token)) },
      // Altered: the signature's last characters swapped.
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...medicines.tokens.map((t) => t.token))
          .map((token) => ({ value: `${token.slice(0, -2)}${token.slice(-1)}${token.at(-2)}` })),
      },
      { weight: 1, arbitrary: junk },
    );
  if (operation.path.startsWith('/api/pharmacy/prescriptions/{id}'))
    return fc.oneof(
      { weight: 6, arbitrary: ids(medicines.sentIds) },
      { weight: 1, arbitrary: ids(medicines.tokens.map((t) => t.prescriptionId)) },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 1, arbitrary: junk },
    );
  return undefined;
}

const REFILL_ANSWER =
  /^POST \/api\/records\/patients\/\{id\}\/refill-requests\/\{requestId\}\/(approve|decline)$/;

/** `{id}` and `{requestId}` of an answer, drawn together: mostly the actor's own request. */
export function refillParams(
  operation: Operation,
  actorId: string,
  medicines: MedicinePools,
  oneByOne: fc.Arbitrary<PathValue[]>,
): fc.Arbitrary<PathValue[]> | undefined {
  const answer = REFILL_ANSWER.exec(operation.label)?.[1];
  if (!answer) return undefined;
  const own = medicines.refills.filter(
    (r) => r.ownerId === actorId && r.isForApproval === (answer === 'approve'),
  );
  if (own.length === 0) return oneByOne;
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...own).map((r) => [{ value: r.patientId }, { value: r.id }]),
    },
    { weight: 1, arbitrary: oneByOne },
  );
}

/**
 * `facilityId` of a body: the approved pharmacies (every pool user is their staff), now and
 * then an unknown one.
 */
export function medicineHints(operation: Operation, medicines: MedicinePools) {
  const isMedicines =
    operation.path.startsWith('/api/prescriptions/verify/') || operation.path.endsWith('/pharmacy');
  if (!isMedicines) return {};
  return {
    facilityId: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...medicines.pharmacyIds) },
      { weight: 1, arbitrary: fc.uuid() },
    ),
  };
}

/** The pharmacy list's `facilityId`: mostly one of the pharmacies. */
export const pharmacyQueryValue = (medicines: MedicinePools) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...medicines.pharmacyIds) },
    { weight: 1, arbitrary: fc.uuid() },
  );

/**
 * The prescription a success changed: the verified or dispensed token's (a verification counts
 * itself), the one the pharmacy marked or the patient sent, and the one an approval wrote.
 */
export function explainMedicineRows(
  label: string,
  pathValues: Record<string, string>,
  answer: { _id?: string } | undefined,
  medicines: MedicinePools,
  rows: Record<string, Set<string>>,
): void {
  const changed = rows.prescriptions!;
  switch (label) {
    case 'GET /api/prescriptions/verify/{token}':
    case 'POST /api/prescriptions/verify/{token}/dispense': {
      const found = medicines.tokens.find((t) => t.token === pathValues.token);
      if (found) changed.add(found.prescriptionId);
      break;
    }
    case 'POST /api/pharmacy/prescriptions/{id}/ready':
    case 'POST /api/pharmacy/prescriptions/{id}/dispensed':
    case 'POST /api/me/patients/{patientId}/prescriptions/{id}/pharmacy':
      changed.add(pathValues.id?.toLowerCase() ?? '');
      break;
    case 'POST /api/records/patients/{id}/refill-requests/{requestId}/approve':
      if (answer?._id) changed.add(answer._id);
      break;
  }
}
