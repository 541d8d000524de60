import { http, type HttpHandler } from 'msw';
import {
  ZAllergyInput,
  type TAllergy,
  type TAllergyInput,
  type TAllergyRecord,
} from '@portal/shared/allergy';
import { allergiesMetBy, prescriptionsMeeting } from '@portal/shared/drug-class-match';
import type { TPatientPharmacy } from '@portal/shared/medicines';
import {
  PRESCRIPTION_DISPENSED_FIELDS,
  ZPrescriptionInput,
  ZPrescriptionStop,
  type TPrescription,
  type TPrescriptionInput,
} from '@portal/shared/prescription';
import { fakeSequence, invalid, json, refuse } from './http.ts';

/**
 * The allergies and prescriptions in memory, served by `clinicalHandlers`: lists
 * (the `status` filter), create and replace validated by the shared schemas (400 with
 * `fieldErrors`), If-Match (409 `…_CHANGED`), stop with a reason, medication suggestions, and
 * the allergy warning (409 `ALLERGY_WARNING` unless `allergyAcknowledged`) and each allergy's
 * matching active prescriptions, both by the shared matcher the API uses (drug classes, then
 * words). A dispensed prescription refuses a change of what was handed out (409
 * `PRESCRIPTION_DISPENSED_LOCKED`); the pharmacy each patient chose (`choosePharmacy`) is read
 * and an active prescription not yet sent is sent to it.
 */

const { newRecord, nextTime: nextUpdatedAt } = fakeSequence('c1d2e3f4', '2026-02-01T00:00:00.000Z');

export class FakeClinical {
  readonly allergies: TAllergyRecord[] = [];
  readonly prescriptions: TPrescription[] = [];
  /** The pharmacy each patient chose, by patient id. */
  readonly pharmacies = new Map<string, NonNullable<TPatientPharmacy['pharmacy']>>();

  choosePharmacy(patientId: string, name = 'Farmácia Central') {
    const pharmacy = {
      _id: 'f0a1b2c3-0000-4000-8000-00000000000a',
      name,
      address: 'Rua Augusta 1',
      city: 'Lisboa',
    };
    this.pharmacies.set(patientId, pharmacy);
    return pharmacy;
  }

  addAllergy(patientId: string, input: Partial<TAllergyInput> = {}): TAllergyRecord {
    const data = ZAllergyInput.parse({ substance: 'Penicillin', severity: 'severe', ...input });
    const allergy = { ...data, ...newRecord(patientId) };
    this.allergies.push(allergy);
    return allergy;
  }

  addPrescription(patientId: string, input: Partial<TPrescriptionInput> = {}): TPrescription {
    const { allergyAcknowledged: _acknowledged, ...data } = ZPrescriptionInput.parse({
      medication: 'Ibuprofen',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'three times a day',
      ...input,
    });
    const prescription: TPrescription = {
      ...data,
      ...newRecord(patientId),
      stopReason: '',
      stoppedAt: null,
      verifyUrl: null,
      dispensedAt: null,
      dispensedBy: null,
      pharmacyId: null,
      sentAt: null,
      readyAt: null,
    };
    this.prescriptions.push(prescription);
    return prescription;
  }

  /** The patient's active allergies the medication meets, each with how. */
  warnedOf(patientId: string, medication: string) {
    return allergiesMetBy(
      medication,
      this.allergies.filter((a) => a.patientId === patientId && a.status === 'active'),
    );
  }

  /** An allergy as the API answers it: with the patient's active prescriptions it meets. */
  answerOf(allergy: TAllergyRecord): TAllergy {
    const active = this.prescriptions.filter(
      (p) => p.patientId === allergy.patientId && p.status === 'active',
    );
    return {
      ...allergy,
      matchingPrescriptions:
        allergy.status === 'active'
          ? prescriptionsMeeting(allergy.substance, active).map(({ prescription, match }) => ({
              prescriptionId: prescription._id,
              medication: prescription.medication,
              ...match,
            }))
          : [],
    };
  }
}

const newestFirst = <T extends { createdAt: string }>(items: T[]) =>
  [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

export function clinicalHandlers(clinical: FakeClinical): HttpHandler[] {
  const base = '/api/records/patients/:id';
  /** The patient's item the path names, as the client last read it: else 404 or 409 `…_CHANGED`. */
  const current = <T extends { _id: string; patientId: string; updatedAt: string }>(
    items: T[],
    { request, params }: { request: Request; params: object },
    what: 'ALLERGY' | 'PRESCRIPTION',
  ): { item: T } | { refusal: Response } => {
    const { id, itemId } = params as { id: string; itemId: string };
    const item = items.find((one) => one._id === itemId && one.patientId === id);
    if (!item) return { refusal: refuse(`${what}_NOT_FOUND`, 404) };
    const ifMatch = request.headers.get('if-match');
    if (ifMatch !== null && ifMatch !== `"${item.updatedAt}"`)
      return { refusal: refuse(`${what}_CHANGED`, 409) };
    return { item };
  };
  const list = <T extends { patientId: string; status: string; createdAt: string }>(
    items: T[],
    request: Request,
    patientId: string,
    answerOf: (item: T) => unknown = (item) => item,
  ) => {
    const status = new URL(request.url).searchParams.get('status');
    const found = items.filter(
      (i) => i.patientId === patientId && (!status || i.status === status),
    );
    return json(newestFirst(found).map(answerOf), {
      headers: { 'x-total-count': String(found.length) },
    });
  };

  return [
    http.get(`${base}/allergies`, ({ request, params }) =>
      list(clinical.allergies, request, params.id as string, (a) => clinical.answerOf(a)),
    ),
    http.post(`${base}/allergies`, async ({ request, params }) => {
      const parsed = ZAllergyInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      const allergy = clinical.addAllergy(params.id as string, parsed.data);
      return json(clinical.answerOf(allergy), { status: 201 });
    }),
    http.put(`${base}/allergies/:itemId`, async (info) => {
      const found = current(clinical.allergies, info, 'ALLERGY');
      if ('refusal' in found) return found.refusal;
      const parsed = ZAllergyInput.safeParse(await info.request.json());
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(found.item, parsed.data, { updatedAt: nextUpdatedAt() });
      return json(clinical.answerOf(found.item));
    }),
    http.get(`${base}/prescriptions`, ({ request, params }) =>
      list(clinical.prescriptions, request, params.id as string),
    ),
    http.post(`${base}/prescriptions`, async ({ request, params }) => {
      const parsed = ZPrescriptionInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      const patientId = params.id as string;
      const warned = clinical.warnedOf(patientId, parsed.data.medication);
      if (warned.length && !parsed.data.allergyAcknowledged)
        return json(
          {
            message: 'This medication matches an active allergy of the patient.',
            code: 'ALLERGY_WARNING',
            allergies: warned.map(({ allergy, match }) => ({
              allergyId: allergy._id,
              substance: allergy.substance,
              reaction: allergy.reaction,
              severity: allergy.severity,
              ...match,
            })),
          },
          { status: 409 },
        );
      return json(clinical.addPrescription(patientId, parsed.data), { status: 201 });
    }),
    http.put(`${base}/prescriptions/:itemId`, async (info) => {
      const found = current(clinical.prescriptions, info, 'PRESCRIPTION');
      if ('refusal' in found) return found.refusal;
      const parsed = ZPrescriptionInput.safeParse(await info.request.json());
      if (!parsed.success) return invalid(parsed.error);
      const { allergyAcknowledged: _acknowledged, ...data } = parsed.data;
      const handedOut = PRESCRIPTION_DISPENSED_FIELDS;
      if (found.item.dispensedAt && handedOut.some((field) => data[field] !== found.item[field]))
        return refuse('PRESCRIPTION_DISPENSED_LOCKED', 409);
      Object.assign(found.item, data, { updatedAt: nextUpdatedAt() });
      return json(found.item);
    }),
    http.get(`${base}/pharmacy`, ({ params }) => {
      const pharmacy = clinical.pharmacies.get(params.id as string) ?? null;
      return json({ pharmacy, sentAt: pharmacy && '2026-03-01T09:00:00.000Z' });
    }),
    http.post(`${base}/prescriptions/:itemId/pharmacy`, async (info) => {
      const found = current(clinical.prescriptions, info, 'PRESCRIPTION');
      if ('refusal' in found) return found.refusal;
      const { facilityId } = (await info.request.json()) as { facilityId: string };
      if (![...clinical.pharmacies.values()].some((p) => p._id === facilityId))
        return refuse('PHARMACY_NOT_FOUND', 404);
      if (found.item.status !== 'active' || found.item.dispensedAt)
        return refuse('PRESCRIPTION_NOT_ACTIVE', 409);
      Object.assign(found.item, {
        pharmacyId: facilityId,
        sentAt: nextUpdatedAt(),
        updatedAt: nextUpdatedAt(),
      });
      return json(found.item);
    }),
    http.post(`${base}/prescriptions/:itemId/stop`, async (info) => {
      const found = current(clinical.prescriptions, info, 'PRESCRIPTION');
      if ('refusal' in found) return found.refusal;
      const parsed = ZPrescriptionStop.safeParse(await info.request.json());
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(found.item, {
        status: 'stopped',
        stopReason: parsed.data.reason,
        stoppedAt: nextUpdatedAt(),
        updatedAt: nextUpdatedAt(),
      });
      return json(found.item);
    }),
    http.get('/api/records/medications', ({ request }) => {
      const query = (new URL(request.url).searchParams.get('query') ?? '').toLowerCase();
      const names = new Set(
        clinical.prescriptions
          .map((p) => p.medication)
          .filter((name) => name.toLowerCase().startsWith(query)),
      );
      return json([...names].sort().slice(0, 10));
    }),
  ];
}
