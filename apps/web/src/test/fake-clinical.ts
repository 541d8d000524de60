import { http, type HttpHandler } from 'msw';
import { ZAllergyInput, type TAllergy, type TAllergyInput } from '@portal/shared/allergy';
import {
  ZPrescriptionInput,
  ZPrescriptionStop,
  type TPrescription,
  type TPrescriptionInput,
} from '@portal/shared/prescription';
import { fieldErrorsOf } from './fake-records.ts';
import { json } from './http.ts';

/**
 * The allergies and prescriptions of issue 17 in memory, served by `clinicalHandlers`: lists
 * (the `status` filter), create and replace validated by the shared schemas (400 with
 * `fieldErrors`), If-Match (409 `…_CHANGED`), stop with a reason, medication suggestions, and
 * the allergy warning (409 `ALLERGY_WARNING` unless `allergyAcknowledged`) for a medication
 * that contains an active allergy's substance as a word.
 */

let sequence = 0;
const nextId = () => `c1d2e3f4-0000-4000-8000-${(sequence += 1).toString(16).padStart(12, '0')}`;
const nextUpdatedAt = () => new Date(Date.UTC(2026, 1, 1, 0, 0, 0, (sequence += 1))).toISOString();

function invalid(error: { issues: { path: PropertyKey[]; message: string }[] }): Response {
  const fieldErrors = fieldErrorsOf(error);
  return json(
    { message: Object.values(fieldErrors)[0], code: 'VALIDATION_FAILED', fieldErrors },
    { status: 400 },
  );
}

const refuse = (code: string, status: number) => json({ message: code, code }, { status });

export class FakeClinical {
  readonly allergies: TAllergy[] = [];
  readonly prescriptions: TPrescription[] = [];

  addAllergy(patientId: string, input: Partial<TAllergyInput> = {}): TAllergy {
    const data = ZAllergyInput.parse({ substance: 'Penicillin', severity: 'severe', ...input });
    const allergy = {
      ...data,
      _id: nextId(),
      patientId,
      createdAt: nextUpdatedAt(),
      updatedAt: nextUpdatedAt(),
    };
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
      _id: nextId(),
      patientId,
      stopReason: '',
      stoppedAt: null,
      createdAt: nextUpdatedAt(),
      updatedAt: nextUpdatedAt(),
    };
    this.prescriptions.push(prescription);
    return prescription;
  }

  /** The patient's active allergies whose substance is a word of the medication. */
  warnedOf(patientId: string, medication: string) {
    const words = medication.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    return this.allergies.filter(
      (a) =>
        a.patientId === patientId &&
        a.status === 'active' &&
        words.includes(a.substance.toLowerCase()),
    );
  }
}

const newestFirst = <T extends { createdAt: string }>(items: T[]) =>
  [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

export function clinicalHandlers(clinical: FakeClinical): HttpHandler[] {
  const base = '/api/records/patients/:id';
  const find = <T extends { _id: string; patientId: string }>(items: T[], params: object) => {
    const { id, itemId } = params as { id: string; itemId: string };
    return items.find((item) => item._id === itemId && item.patientId === id);
  };
  const isStale = (request: Request, item: { updatedAt: string }) => {
    const ifMatch = request.headers.get('if-match');
    return ifMatch !== null && ifMatch !== `"${item.updatedAt}"`;
  };
  const list = <T extends { patientId: string; status: string; createdAt: string }>(
    items: T[],
    request: Request,
    patientId: string,
  ) => {
    const status = new URL(request.url).searchParams.get('status');
    const found = items.filter(
      (i) => i.patientId === patientId && (!status || i.status === status),
    );
    return json(newestFirst(found), { headers: { 'x-total-count': String(found.length) } });
  };

  return [
    http.get(`${base}/allergies`, ({ request, params }) =>
      list(clinical.allergies, request, params.id as string),
    ),
    http.post(`${base}/allergies`, async ({ request, params }) => {
      const parsed = ZAllergyInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      return json(clinical.addAllergy(params.id as string, parsed.data), { status: 201 });
    }),
    http.put(`${base}/allergies/:itemId`, async ({ request, params }) => {
      const allergy = find(clinical.allergies, params);
      if (!allergy) return refuse('ALLERGY_NOT_FOUND', 404);
      if (isStale(request, allergy)) return refuse('ALLERGY_CHANGED', 409);
      const parsed = ZAllergyInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(allergy, parsed.data, { updatedAt: nextUpdatedAt() });
      return json(allergy);
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
            allergies: warned.map((a) => ({
              allergyId: a._id,
              substance: a.substance,
              reaction: a.reaction,
              severity: a.severity,
            })),
          },
          { status: 409 },
        );
      return json(clinical.addPrescription(patientId, parsed.data), { status: 201 });
    }),
    http.put(`${base}/prescriptions/:itemId`, async ({ request, params }) => {
      const prescription = find(clinical.prescriptions, params);
      if (!prescription) return refuse('PRESCRIPTION_NOT_FOUND', 404);
      if (isStale(request, prescription)) return refuse('PRESCRIPTION_CHANGED', 409);
      const parsed = ZPrescriptionInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      const { allergyAcknowledged: _acknowledged, ...data } = parsed.data;
      Object.assign(prescription, data, { updatedAt: nextUpdatedAt() });
      return json(prescription);
    }),
    http.post(`${base}/prescriptions/:itemId/stop`, async ({ request, params }) => {
      const prescription = find(clinical.prescriptions, params);
      if (!prescription) return refuse('PRESCRIPTION_NOT_FOUND', 404);
      if (isStale(request, prescription)) return refuse('PRESCRIPTION_CHANGED', 409);
      const parsed = ZPrescriptionStop.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(prescription, {
        status: 'stopped',
        stopReason: parsed.data.reason,
        stoppedAt: nextUpdatedAt(),
        updatedAt: nextUpdatedAt(),
      });
      return json(prescription);
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
