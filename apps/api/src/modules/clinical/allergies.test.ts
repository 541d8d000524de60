import { describe, expect, it } from 'vitest';
import { ALLERGY_MESSAGES, type TAllergy } from '@portal/shared/allergy';
import { useTestApp } from '../../../test/app.ts';
import { nextPageOf } from '../../../test/paging.ts';
import {
  allergiesUrl,
  allergyInput,
  createAllergy,
  createPrescription,
  stopPrescription,
} from '../../../test/factories/clinical.ts';
import {
  auditTrail,
  expectFieldErrors,
  type FieldCase,
  practitioner,
} from '../../../test/patient-resources.ts';

const ctx = useTestApp();

describe('POST /api/records/patients/:id/allergies', () => {
  it('records an allergy, its substance trimmed, active unless said otherwise', async () => {
    const { headers, patient } = await practitioner(ctx);
    const allergy = await createAllergy(ctx, headers, patient._id, {
      substance: '  Penicillin ',
      severity: 'moderate',
    });
    expect(allergy).toMatchObject({
      patientId: patient._id,
      substance: 'Penicillin',
      reaction: 'Hives',
      severity: 'moderate',
      status: 'active',
    });
  });

  it('refuses bad input with its message, stores nothing and audits the invalid attempt', async () => {
    const { headers, patient } = await practitioner(ctx);
    const cases: FieldCase[] = [
      [{ substance: '   ' }, 'substance', ALLERGY_MESSAGES.substanceRequired],
      [{ substance: 'x'.repeat(201) }, 'substance', ALLERGY_MESSAGES.substanceTooLong],
      [{ reaction: 'x'.repeat(501) }, 'reaction', ALLERGY_MESSAGES.reactionTooLong],
      [{ severity: 'deadly' }, 'severity', ALLERGY_MESSAGES.severityRequired],
      [{ status: 'gone' }, 'status', ALLERGY_MESSAGES.statusInvalid],
      [
        { substance: 'Latex\u0000' },
        'substance',
        'This clinical text contains a character that is not allowed.',
      ],
      [{ ownerId: patient._id }, 'ownerId', 'This field is not allowed.'],
    ];
    await expectFieldErrors(ctx, {
      url: allergiesUrl(patient._id),
      headers,
      body: allergyInput(),
      table: 'allergies',
      cases,
    });
  });
});

describe('the active prescriptions an allergy warns for', () => {
  it('lists them in the answer when the allergy is recorded or changed, and none once it is resolved', async () => {
    const { headers, patient } = await practitioner(ctx);
    const other = await practitioner(ctx);
    const amoxicillin = await createPrescription(ctx, headers, patient._id, {
      medication: 'Amoxicillin 500 mg',
    });
    const cefalexin = await createPrescription(ctx, headers, patient._id, {
      medication: 'Cefalexin',
    });
    await createPrescription(ctx, headers, patient._id, { medication: 'Metformin' });
    const stopped = await createPrescription(ctx, headers, patient._id, {
      medication: 'Co-amoxiclav',
    });
    await stopPrescription(ctx, headers, stopped, 'Finished');
    await createPrescription(ctx, other.headers, other.patient._id, { medication: 'Ampicillin' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: allergiesUrl(patient._id),
      headers,
      payload: allergyInput({ substance: 'Penicillin' }),
    });
    expect(created.statusCode).toBe(201);
    const allergy = created.json() as TAllergy;
    expect(allergy.matchingPrescriptions).toEqual([
      {
        prescriptionId: amoxicillin._id,
        medication: 'Amoxicillin 500 mg',
        level: 'match',
        drugClass: 'J01C',
      },
      {
        prescriptionId: cefalexin._id,
        medication: 'Cefalexin',
        level: 'caution',
        drugClass: 'J01D',
      },
    ]);
    const read = await ctx.app.inject({
      url: `${allergiesUrl(patient._id)}/${allergy._id}`,
      headers,
    });
    expect((read.json() as TAllergy).matchingPrescriptions).toEqual(allergy.matchingPrescriptions);
    const resolved = await ctx.app.inject({
      method: 'PUT',
      url: `${allergiesUrl(patient._id)}/${allergy._id}`,
      headers,
      payload: allergyInput({ substance: 'Penicillin', status: 'resolved' }),
    });
    expect(resolved.statusCode).toBe(200);
    expect((resolved.json() as TAllergy).matchingPrescriptions).toEqual([]);
  });
});

describe('GET /api/records/patients/:id/allergies', () => {
  it('lists newest first, paged with Link and X-Total-Count, filtered by status, audited', async () => {
    const { headers, patient } = await practitioner(ctx);
    const made: TAllergy[] = [];
    for (const substance of ['Penicillin', 'Latex', 'Peanuts'])
      made.push(await createAllergy(ctx, headers, patient._id, { substance }));
    await createAllergy(ctx, headers, patient._id, { substance: 'Pollen', status: 'resolved' });
    const first = await ctx.app.inject({ url: `${allergiesUrl(patient._id)}?limit=2`, headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-total-count']).toBe('4');
    expect((first.json() as TAllergy[]).map((a) => a.substance)).toEqual(['Pollen', 'Peanuts']);
    const next = nextPageOf(first)!;
    const second = await ctx.app.inject({ url: next, headers });
    expect((second.json() as TAllergy[]).map((a) => a.substance)).toEqual(['Latex', 'Penicillin']);
    expect(second.headers.link).toBeUndefined();
    const active = await ctx.app.inject({
      url: `${allergiesUrl(patient._id)}?status=active`,
      headers,
    });
    expect(active.headers['x-total-count']).toBe('3');
    const [event] = await auditTrail(ctx, headers);
    expect(event).toMatchObject({ action: 'list', outcome: 'success', patientId: patient._id });
    expect(made).toHaveLength(3);
  });
});
