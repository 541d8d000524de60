import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import {
  PRESCRIPTION_MESSAGES,
  type TAllergyWarning,
  type TPrescription,
} from '@portal/shared/prescription';
import { useTestApp } from '../../../test/app.ts';
import {
  createAllergy,
  createPrescription,
  postPrescription,
  postPrescriptionAction,
  prescriptionInput,
  prescriptionsUrl,
  putPrescription,
} from '../../../test/factories/clinical.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import {
  auditTrail,
  expectFieldErrors,
  type FieldCase,
  practitioner,
  rowCount,
} from '../../../test/patient-resources.ts';

const ctx = useTestApp();

describe('POST /api/records/patients/:id/prescriptions', () => {
  it('prescribes: every field answered, an end date instead of a duration, active and not stopped', async () => {
    const { headers, patient } = await practitioner(ctx);
    const sent = { duration: '', endDate: '2026-04-01' };
    const prescription = await createPrescription(ctx, headers, patient._id, sent);
    // Every field as sent (the factory's for those `sent` does not name).
    expect(prescription).toMatchObject({
      ...prescriptionInput(sent),
      patientId: patient._id,
      status: 'active',
      stopReason: '',
      stoppedAt: null,
    });
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const { headers, patient } = await practitioner(ctx);
    const cases: FieldCase[] = [
      [{ medication: '' }, 'medication', PRESCRIPTION_MESSAGES.medicationRequired],
      [{ medication: 'x'.repeat(201) }, 'medication', PRESCRIPTION_MESSAGES.medicationTooLong],
      [{ dose: '' }, 'dose', PRESCRIPTION_MESSAGES.doseRequired],
      [{ strength: 'x'.repeat(101) }, 'strength', PRESCRIPTION_MESSAGES.strengthTooLong],
      [{ route: 'nasal' }, 'route', PRESCRIPTION_MESSAGES.routeRequired],
      [{ frequency: ' ' }, 'frequency', PRESCRIPTION_MESSAGES.frequencyRequired],
      [{ endDate: '2026-02-30' }, 'endDate', PRESCRIPTION_MESSAGES.endDateInvalid],
      [{ endDate: '2026-03-01' }, 'endDate', PRESCRIPTION_MESSAGES.durationOrEndDate],
      [
        { instructions: 'x'.repeat(1001) },
        'instructions',
        PRESCRIPTION_MESSAGES.instructionsTooLong,
      ],
      [{ status: 'stopped' }, 'status', PRESCRIPTION_MESSAGES.statusInvalid],
      [
        { allergyAcknowledged: 'yes' },
        'allergyAcknowledged',
        PRESCRIPTION_MESSAGES.acknowledgedInvalid,
      ],
      [{ ownerId: patient._id }, 'ownerId', 'This field is not allowed.'],
    ];
    await expectFieldErrors(ctx, {
      url: prescriptionsUrl(patient._id),
      headers,
      body: prescriptionInput(),
      table: 'prescriptions',
      cases,
    });
  });
});

describe('the allergy warning', () => {
  it('refuses a medication naming an active allergy with 409 ALLERGY_WARNING naming it, and audits the refusal', async () => {
    const { headers, patient } = await practitioner(ctx);
    const allergy = await createAllergy(ctx, headers, patient._id, {
      substance: 'penicillin',
      reaction: 'Anaphylaxis',
    });
    const before = await rowCount(ctx, 'prescriptions');
    const response = await postPrescription(ctx, headers, patient._id, {
      medication: 'PENICILLIN V potassium',
    });
    expect(response.statusCode).toBe(409);
    const body = response.json() as TAllergyWarning;
    expect(body).toMatchObject({
      code: 'ALLERGY_WARNING',
      allergies: [
        {
          allergyId: allergy._id,
          substance: 'penicillin',
          reaction: 'Anaphylaxis',
          severity: 'severe',
        },
      ],
    });
    expect(body.message).toContain('penicillin');
    expect(await rowCount(ctx, 'prescriptions')).toBe(before);
    const [event] = await auditTrail(ctx, headers);
    expect(event).toMatchObject({ action: 'create', outcome: 'conflict', patientId: patient._id });
  });

  it('saves an acknowledged prescription and records one acknowledge event per allergy', async () => {
    const { headers, patient } = await practitioner(ctx);
    const penicillin = await createAllergy(ctx, headers, patient._id, { substance: 'Penicillin' });
    const potassium = await createAllergy(ctx, headers, patient._id, {
      substance: 'potassium',
      severity: 'mild',
    });
    const response = await postPrescription(ctx, headers, patient._id, {
      medication: 'Penicillin V Potassium',
      allergyAcknowledged: true,
    });
    expect(response.statusCode).toBe(201);
    const prescription = response.json() as TPrescription;
    const trail = await auditTrail(ctx, headers);
    const acknowledged = trail.filter((e) => e.action === 'acknowledge');
    expect(acknowledged.map((e) => e.allergyId).sort()).toEqual(
      [penicillin._id, potassium._id].sort(),
    );
    for (const event of acknowledged)
      expect(event).toMatchObject({
        outcome: 'success',
        patientId: patient._id,
        prescriptionId: prescription._id,
      });
  });

  it('does not warn for part of a word, an inactive or resolved allergy, or another patient', async () => {
    const { headers, patient } = await practitioner(ctx);
    const sibling = await createPatient(ctx, headers, { name: 'Omar Haddad' });
    await createAllergy(ctx, headers, patient._id, { substance: 'cillin' });
    await createAllergy(ctx, headers, patient._id, { substance: 'Aspirin', status: 'resolved' });
    await createAllergy(ctx, headers, patient._id, { substance: 'Latex', status: 'inactive' });
    await createAllergy(ctx, headers, sibling._id, { substance: 'Amoxicillin' });
    for (const medication of ['Amoxicillin', 'Aspirin', 'Latex-free gloves'])
      expect((await postPrescription(ctx, headers, patient._id, { medication })).statusCode).toBe(
        201,
      );
    const trail = await auditTrail(ctx, headers);
    expect(trail.some((e) => e.action === 'acknowledge')).toBe(false);
  });

  it('warns for amoxicillin when the patient is allergic to penicillin, naming the drug class', async () => {
    const { headers, patient } = await practitioner(ctx);
    const allergy = await createAllergy(ctx, headers, patient._id, {
      substance: 'Penicillin',
      reaction: 'Anaphylaxis',
    });
    const response = await postPrescription(ctx, headers, patient._id, {
      medication: 'Amoxicillin 500 mg',
    });
    expect(response.statusCode).toBe(409);
    const body = response.json() as TAllergyWarning;
    expect(body).toEqual({
      code: 'ALLERGY_WARNING',
      message: `${ERRORS.ALLERGY_WARNING.message} Amoxicillin 500 mg is a penicillin; the patient is allergic to Penicillin.`,
      allergies: [
        {
          allergyId: allergy._id,
          substance: 'Penicillin',
          reaction: 'Anaphylaxis',
          severity: 'severe',
          level: 'match',
          drugClass: 'J01C',
        },
      ],
    });
  });

  it('cautions for a cephalosporin when the patient is allergic to penicillin, and not for unrelated names', async () => {
    const { headers, patient } = await practitioner(ctx);
    await createAllergy(ctx, headers, patient._id, { substance: 'penicillins' });
    await createAllergy(ctx, headers, patient._id, { substance: 'Sulfonamide' });
    const response = await postPrescription(ctx, headers, patient._id, {
      medication: 'Cefalexin 500 mg',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining(
        'Cefalexin 500 mg is a cephalosporin; the patient is allergic to penicillins. Cross-reactivity is possible.',
      ),
      allergies: [{ substance: 'penicillins', level: 'caution', drugClass: 'J01D' }],
    });
    for (const medication of ['Penicillamine 250 mg', 'Furosemide 40 mg', 'Hydrochlorothiazide'])
      expect(
        (await postPrescription(ctx, headers, patient._id, { medication })).statusCode,
        medication,
      ).toBe(201);
  });

  it('warns again when an update changes the medication, not when it changes only the dose', async () => {
    const { headers, patient } = await practitioner(ctx);
    const prescription = await createPrescription(ctx, headers, patient._id, {
      medication: 'Codeine',
    });
    await createAllergy(ctx, headers, patient._id, { substance: 'Codeine' });
    await createAllergy(ctx, headers, patient._id, { substance: 'Morphine' });
    const dose = await putPrescription(ctx, headers, prescription, {
      medication: 'Codeine',
      dose: '2 tablets',
    });
    expect(dose.statusCode).toBe(200);
    const changed = await putPrescription(ctx, headers, prescription, {
      medication: 'Morphine sulfate',
    });
    expect(changed.statusCode).toBe(409);
    // Codeine and morphine are both opioids: the codeine allergy warns for morphine too.
    expect(changed.json()).toMatchObject({
      code: 'ALLERGY_WARNING',
      allergies: [
        { substance: 'Codeine', level: 'match', drugClass: 'N02A' },
        { substance: 'Morphine', level: 'match', drugClass: 'N02A' },
      ],
    });
    const acknowledged = await putPrescription(ctx, headers, prescription, {
      medication: 'Morphine sulfate',
      allergyAcknowledged: true,
    });
    expect(acknowledged.statusCode).toBe(200);
    expect((acknowledged.json() as TPrescription).medication).toBe('Morphine sulfate');
    const latest = (await auditTrail(ctx, headers)).slice(0, 3);
    expect(latest.map((event) => event.action).sort()).toEqual([
      'acknowledge',
      'acknowledge',
      'update',
    ]);
  });
});

describe('PUT and stop /api/records/patients/:id/prescriptions/:prescriptionId', () => {
  it('stops with a reason (idempotent), audits it, and refuses later changes with PRESCRIPTION_STOPPED', async () => {
    const { headers, patient } = await practitioner(ctx);
    const prescription = await createPrescription(ctx, headers, patient._id);
    const missingReason = await postPrescriptionAction(ctx, headers, prescription, 'stop', {
      reason: ' ',
    });
    expect(missingReason.json()).toMatchObject({
      fieldErrors: { reason: PRESCRIPTION_MESSAGES.stopReasonRequired },
    });
    const stop = () =>
      postPrescriptionAction(ctx, headers, prescription, 'stop', { reason: 'Stomach pain' });
    const stopped = await stop();
    expect(stopped.statusCode).toBe(200);
    const body = stopped.json() as TPrescription;
    expect(body).toMatchObject({ status: 'stopped', stopReason: 'Stomach pain' });
    expect(body.stoppedAt).not.toBeNull();
    expect((await stop()).json()).toEqual(body);
    const [event] = await auditTrail(ctx, headers);
    expect(event).toMatchObject({
      action: 'stop',
      outcome: 'success',
      prescriptionId: prescription._id,
    });
    const put = await putPrescription(ctx, headers, prescription);
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'PRESCRIPTION_STOPPED' });
    const active = await ctx.app.inject({
      url: `${prescriptionsUrl(patient._id)}?status=active`,
      headers,
    });
    expect(active.json()).toEqual([]);
  });

  it("answers 404 to reading, changing or stopping someone else's prescription", async () => {
    const owner = await practitioner(ctx);
    const other = await practitioner(ctx);
    const theirs = await createPrescription(ctx, other.headers, other.patient._id);
    // Under its own patient, and under the actor's.
    for (const place of [theirs, { ...theirs, patientId: owner.patient._id }]) {
      const url = prescriptionsUrl(place.patientId, place._id);
      expect((await ctx.app.inject({ url, headers: owner.headers })).statusCode).toBe(404);
      const stop = await postPrescriptionAction(ctx, owner.headers, place, 'stop', {
        reason: 'No',
      });
      expect(stop.statusCode).toBe(404);
    }
    const check = await ctx.app.inject({
      url: prescriptionsUrl(other.patient._id, theirs._id),
      headers: other.headers,
    });
    expect((check.json() as TPrescription).status).toBe('active');
  });
});

describe('GET /api/records/medications', () => {
  it("suggests distinct names from the practitioner's own prescriptions by prefix, any case", async () => {
    const { headers, patient } = await practitioner(ctx);
    const other = await practitioner(ctx);
    for (const medication of ['Amoxicillin', 'amoxicillin', 'Amlodipine', 'Ibuprofen', '100%_pure'])
      await createPrescription(ctx, headers, patient._id, { medication });
    await createPrescription(ctx, other.headers, other.patient._id, { medication: 'Amiodarone' });
    const suggest = async (query: string) => {
      const response = await ctx.app.inject({
        url: `/api/records/medications?query=${encodeURIComponent(query)}`,
        headers,
      });
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json() as string[];
    };
    // One entry per name whatever its case, in its first spelling.
    expect(await suggest('AM')).toEqual(['Amlodipine', 'Amoxicillin']);
    expect(await suggest('amox')).toEqual(['Amoxicillin']);
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('100%_')).toEqual(['100%_pure']);
    expect(await suggest('')).toHaveLength(4);
    const nul = await ctx.app.inject({ url: '/api/records/medications?query=a%00', headers });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      fieldErrors: { query: 'This clinical text contains a character that is not allowed.' },
    });
    const tooLong = await ctx.app.inject({
      url: `/api/records/medications?query=${'a'.repeat(101)}`,
      headers,
    });
    expect(tooLong.json()).toMatchObject({
      fieldErrors: { query: PRESCRIPTION_MESSAGES.queryTooLong },
    });
  });
});

describe('verification tokens', () => {
  it('gives each new prescription one token, in its verifyUrl on every read, the practitioner’s and the list alike', async () => {
    const { headers, patient } = await practitioner(ctx);
    const written = await createPrescription(ctx, headers, patient._id);
    expect(written.verifyUrl).toMatch(
      new RegExp(`^${ctx.config.PUBLIC_URL}/verify/[\\w-]+\\.[\\w-]+\\.[\\w-]{86}$`),
    );
    const read = await ctx.app.inject({
      url: `${prescriptionsUrl(patient._id)}/${written._id}`,
      headers,
    });
    expect((read.json() as TPrescription).verifyUrl).toBe(written.verifyUrl);
    const changed = await putPrescription(ctx, headers, written, { dose: '2 tablets' });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as TPrescription).verifyUrl).toBe(written.verifyUrl);
    const list = await ctx.app.inject({ url: prescriptionsUrl(patient._id), headers });
    expect((list.json() as TPrescription[])[0]!.verifyUrl).toBe(written.verifyUrl);
    const other = await createPrescription(ctx, headers, patient._id);
    expect(other.verifyUrl).not.toBe(written.verifyUrl);
    // Nothing about the patient in the token: its claims are a random id and an expiry.
    const token = written.verifyUrl!.split('/verify/')[1]!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as object;
    expect(Object.keys(claims)).toEqual(['jti', 'exp']);
    expect(JSON.stringify(claims)).not.toContain(patient._id);
  });

  it('signs, once the app is ready, the prescriptions written without a token (and keeps their random id)', async () => {
    const { headers, patient } = await practitioner(ctx);
    const written = await createPrescription(ctx, headers, patient._id);
    await ctx.database.pool.query(
      'update prescriptions set verify_token = null, verify_kid = null where id = $1',
      [written._id],
    );
    const { issueMissingVerifications } = await import('./prescriptions.verification.ts');
    const { loadPrescriptionKeys, generatePrescriptionKey } =
      await import('../../lib/prescription-keys.ts');
    const keys = await loadPrescriptionKeys([await generatePrescriptionKey('other')], {
      warn: () => {},
    });
    // Every row signed by a key this ring does not hold is signed again, with the same claims.
    expect(await issueMissingVerifications(ctx.database.db, keys)).toBeGreaterThanOrEqual(2);
    const { rows } = await ctx.database.pool.query<{ verify_id: string; verify_token: string }>(
      'select verify_id, verify_token from prescriptions where id = $1',
      [written._id],
    );
    const { uuidOfJti } = await import('../../lib/prescription-keys.ts');
    const claims = await keys.verify(rows[0]!.verify_token);
    expect(uuidOfJti(claims!.jti)).toBe(rows[0]!.verify_id);
    expect(await issueMissingVerifications(ctx.database.db, keys)).toBe(0);
  });
});
