import { describe, expect, it } from 'vitest';
import { IMMUNIZATION_MESSAGES, type TImmunization } from '@portal/shared/immunization';
import type { TTimelineEntry } from '@portal/shared/timeline';
import { useTestApp } from '../../test/app.ts';
import { exportBundle } from '../../test/fhir-export.ts';
import { timelineUrl } from '../../test/factories/timeline.ts';
import { expectFieldErrors, practitioner, type FieldCase } from '../../test/patient-resources.ts';
import { immunizationKind } from './immunizations.ts';

const ctx = useTestApp();

const url = (patientId: string, ...rest: string[]) =>
  ['/api/records/patients', patientId, 'immunizations', ...rest].join('/');
const body = immunizationKind.example.body;

describe('POST /api/records/patients/:id/immunizations', () => {
  it('records a coded vaccine with its details, and one entered as text with only a date', async () => {
    const { headers, patient } = await practitioner(ctx);
    const coded = await ctx.app.inject({
      method: 'POST',
      url: url(patient._id),
      headers,
      payload: body(),
    });
    expect(coded.statusCode, coded.body).toBe(201);
    expect(coded.json()).toMatchObject({
      patientId: patient._id,
      vaccine: 'MMR',
      vaccineCode: '03',
      occurredOn: '2026-03-02',
      doseNumber: 1,
      lotNumber: 'MMR-4471',
      site: 'left-arm',
      route: 'subcutaneous',
      status: 'completed',
      statusReason: null,
    });
    const text = await ctx.app.inject({
      method: 'POST',
      url: url(patient._id),
      headers,
      payload: { vaccine: '  Tick-borne encephalitis ', occurredOn: '2025-06-10' },
    });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json()).toMatchObject({
      vaccine: 'Tick-borne encephalitis',
      vaccineCode: null,
      doseNumber: null,
      lotNumber: '',
      site: null,
      route: null,
      performerNote: '',
      status: 'completed',
    });
  });

  it('records a vaccine not given only with its reason, and a reason only for one not given', async () => {
    const { headers, patient } = await practitioner(ctx);
    const cases: FieldCase[] = [
      [{ status: 'not-done' }, 'statusReason', IMMUNIZATION_MESSAGES.reasonRequired],
      [{ statusReason: 'immunity' }, 'statusReason', IMMUNIZATION_MESSAGES.reasonOnlyNotDone],
      [{ vaccine: ' ' }, 'vaccine', IMMUNIZATION_MESSAGES.vaccineRequired],
      [{ vaccine: 'x'.repeat(201) }, 'vaccine', IMMUNIZATION_MESSAGES.vaccineTooLong],
      [{ vaccineCode: '999' }, 'vaccineCode', IMMUNIZATION_MESSAGES.vaccineCodeInvalid],
      [{ occurredOn: '2026-02-30' }, 'occurredOn', IMMUNIZATION_MESSAGES.occurredOnInvalid],
      [{ doseNumber: 0 }, 'doseNumber', IMMUNIZATION_MESSAGES.doseNumberInvalid],
      [{ doseNumber: 1.5 }, 'doseNumber', IMMUNIZATION_MESSAGES.doseNumberInvalid],
      [{ lotNumber: 'x'.repeat(51) }, 'lotNumber', IMMUNIZATION_MESSAGES.lotTooLong],
      [{ site: 'buttock' }, 'site', IMMUNIZATION_MESSAGES.siteInvalid],
      [{ route: 'inhaled' }, 'route', IMMUNIZATION_MESSAGES.routeInvalid],
      [{ performerNote: 'x'.repeat(501) }, 'performerNote', IMMUNIZATION_MESSAGES.noteTooLong],
      [{ status: 'refused' }, 'status', IMMUNIZATION_MESSAGES.statusInvalid],
    ];
    await expectFieldErrors(ctx, {
      url: url(patient._id),
      headers,
      body: body(),
      table: 'immunizations',
      cases,
    });
    const notDone = await ctx.app.inject({
      method: 'POST',
      url: url(patient._id),
      headers,
      payload: { ...body(), status: 'not-done', statusReason: 'patient-objection' },
    });
    expect(notDone.statusCode, notDone.body).toBe(201);
    expect(notDone.json()).toMatchObject({ status: 'not-done', statusReason: 'patient-objection' });
  });
});

describe('an immunization elsewhere', () => {
  it('is an entry of the timeline on the day given, with its vaccine, performer and status', async () => {
    const { headers, patient } = await practitioner(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: url(patient._id),
      headers,
      payload: { ...body(), status: 'not-done', statusReason: 'out-of-stock' },
    });
    const immunization = created.json() as TImmunization;
    const timeline = await ctx.app.inject({ url: timelineUrl(patient._id), headers });
    expect(timeline.json() as TTimelineEntry[]).toContainEqual({
      kind: 'immunization',
      at: '2026-03-02T00:00:00.000Z',
      itemId: immunization._id,
      summary: 'MMR',
      detail: 'Nurse Kim, City Clinic',
      state: 'not-done',
    });
  });

  it('is a FHIR Immunization with its CVX code, dose, site, route and the reason it was not given', async () => {
    const { headers, patient } = await practitioner(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: url(patient._id),
      headers,
      payload: { ...body(), status: 'not-done', statusReason: 'medical-precaution' },
    });
    const bundle = await exportBundle(ctx, headers);
    const resource = bundle.entry?.find((e) => e.resource?.resourceType === 'Immunization')
      ?.resource as Record<string, unknown>;
    expect(resource).toMatchObject({
      status: 'not-done',
      statusReason: { coding: [{ code: 'MEDPREC' }] },
      vaccineCode: {
        coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '03', display: 'MMR' }],
        text: 'MMR',
      },
      patient: { reference: `urn:uuid:${patient._id}` },
      occurrenceDateTime: '2026-03-02',
      lotNumber: 'MMR-4471',
      site: { coding: [{ code: 'LA' }] },
      route: { coding: [{ code: 'SQ' }] },
      protocolApplied: [{ doseNumberPositiveInt: 1 }],
      note: [{ text: 'Nurse Kim, City Clinic' }],
    });
  });
});
