import { describe, expect, it } from 'vitest';
import { ALLERGY_MESSAGES, type TAllergy } from '@portal/shared/allergy';
import { useTestApp } from '../../../test/app.ts';
import { nextPageOf } from '../../../test/paging.ts';
import { allergiesUrl, allergyInput, createAllergy } from '../../../test/factories/clinical.ts';
import {
  auditTrail,
  describePatientResourceContract,
  expectFieldErrors,
  type FieldCase,
  practitioner,
} from '../../../test/patient-resources.ts';

const ctx = useTestApp();

describePatientResourceContract(() => ctx, {
  segment: 'allergies',
  table: 'allergies',
  auditColumn: 'allergyId',
  notFound: 'ALLERGY_NOT_FOUND',
  stale: { status: 409, code: 'ALLERGY_CHANGED' },
  body: (variant) => allergyInput(variant === 'changed' ? { status: 'resolved' } : {}),
});

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
