import { http, type HttpHandler } from 'msw';
import type {
  TMyMedicine,
  TPharmacyPrescription,
  TPrescriptionVerification,
  TRefillRequest,
} from '../features/medicines/medicines-types.ts';
import { ZPrescriptionInput, type TPrescriptionInput } from '@portal/shared/prescription';
import type { FakeClinical } from './fake-clinical.ts';
import { invalid, json, refuse } from './http.ts';

/**
 * The medicines routes in memory: verification by token (each read counts) and dispensing
 * once, a linked patient's prescriptions with their refill requests and pharmacy, the
 * practitioner's refill requests, and a pharmacy's incoming prescriptions. A test installs them
 * with `api.addHandlers(...medicinesHandlers(fake))`, over the rest of the fake API; the
 * signed-in user's pharmacies are the profile's facilities (`api.directoryAdmin.addFacility`).
 */
export const VERIFY_ORIGIN = 'http://localhost:3000';
export const VALID_TOKEN = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJqdGkiOiJhYmMifQ.c2lnbmF0dXJl';

let sequence = 0;
const nextId = () => `6c3e8f20-0000-4000-8000-${(sequence += 1).toString(16).padStart(12, '0')}`;

export function createVerification(
  overrides: Partial<TPrescriptionVerification> = {},
): TPrescriptionVerification {
  return {
    medication: 'Amoxicillin',
    strength: '500 mg',
    dose: '1 capsule',
    route: 'oral',
    frequency: '3 times a day',
    duration: '7 days',
    endDate: '',
    prescribedOn: '2026-03-02',
    prescriber: { name: 'Dr. Lena Weber', practiceName: 'Praxis am Markt' },
    patient: { initials: 'A. Y.', age: 35 },
    status: 'active',
    dispensedAt: null,
    dispensedBy: null,
    expired: false,
    expiresAt: '2027-03-02T10:00:00.000Z',
    verificationCount: 0,
    ...overrides,
  };
}

export function createMyMedicine(overrides: Partial<TMyMedicine> = {}): TMyMedicine {
  const _id = overrides._id ?? nextId();
  return {
    _id,
    medication: 'Amoxicillin',
    strength: '500 mg',
    dose: '1 capsule',
    route: 'oral',
    frequency: '3 times a day',
    duration: '7 days',
    endDate: '',
    instructions: '',
    status: 'active',
    stoppedAt: null,
    createdAt: '2026-03-02T10:05:00.000Z',
    verifyUrl: `${VERIFY_ORIGIN}/verify/token-of-${_id}`,
    dispensedAt: null,
    dispensedBy: null,
    pharmacyId: null,
    sentAt: null,
    readyAt: null,
    ...overrides,
  };
}

export class FakeMedicines {
  /** Prescriptions by token, as the verification page reads them. */
  readonly verifications = new Map<string, TPrescriptionVerification>();
  /** A linked record's prescriptions, by patient id. */
  readonly medicines = new Map<string, TMyMedicine[]>();
  readonly refills: TRefillRequest[] = [];
  /** Pharmacies a patient may send to (the directory's approved pharmacies), by id: name. */
  readonly pharmacies = new Map<string, string>();
  readonly queue: TPharmacyPrescription[] = [];
  /** The pharmacy each queued prescription was sent to. */
  readonly queueOf = new Map<string, string>();
  /** The prescriptions approved refills wrote, as sent. */
  readonly approvals: TPrescriptionInput[] = [];

  addVerification(token: string, overrides: Partial<TPrescriptionVerification> = {}) {
    const verification = createVerification(overrides);
    this.verifications.set(token, verification);
    return verification;
  }

  addMedicine(patientId: string, overrides: Partial<TMyMedicine> = {}): TMyMedicine {
    const medicine = createMyMedicine(overrides);
    this.medicines.set(patientId, [...(this.medicines.get(patientId) ?? []), medicine]);
    return medicine;
  }

  addRefill(patientId: string, overrides: Partial<TRefillRequest> = {}): TRefillRequest {
    const request = {
      _id: nextId(),
      patientId,
      prescriptionId: nextId(),
      medication: 'Amoxicillin',
      strength: '500 mg',
      status: 'open' as const,
      note: '',
      message: '',
      newPrescriptionId: null,
      requestedBy: 'Amina Yusuf',
      createdAt: '2026-03-03T08:00:00.000Z',
      answeredAt: null,
      ...overrides,
    };
    this.refills.unshift(request);
    return request;
  }

  /** A prescription sent to the pharmacy `facilityId`. */
  addIncoming(
    facilityId: string,
    overrides: Partial<TPharmacyPrescription> = {},
  ): TPharmacyPrescription {
    const { verificationCount: _count, ...verification } = createVerification();
    const item: TPharmacyPrescription = {
      ...verification,
      _id: nextId(),
      instructions: 'After meals.',
      patient: { name: 'Amina Yusuf', initials: 'A. Y.', age: 35 },
      pharmacyStatus: 'sent',
      sentAt: '2026-03-03T09:00:00.000Z',
      readyAt: null,
      ...overrides,
    };
    this.queue.unshift(item);
    this.queueOf.set(item._id, facilityId);
    return item;
  }
}

/**
 * `clinical` (the fake's allergies and prescriptions) serves a refill's prescription and its
 * approval, which prescribes through the same allergy check as `POST …/prescriptions`.
 */
export function medicinesHandlers(
  fake: FakeMedicines,
  { clinical }: { clinical?: FakeClinical } = {},
): HttpHandler[] {
  const medicineOf = (patientId: unknown, id: unknown) =>
    fake.medicines.get(String(patientId))?.find((m) => m._id === id);
  return [
    http.get('/api/prescriptions/verify/:token', ({ params }) => {
      const verification = fake.verifications.get(String(params.token));
      if (!verification) return refuse('PRESCRIPTION_TOKEN_INVALID', 404);
      verification.verificationCount += 1;
      return json(verification, { headers: { 'Cache-Control': 'no-store' } });
    }),
    http.post('/api/prescriptions/verify/:token/dispense', async ({ params, request }) => {
      const verification = fake.verifications.get(String(params.token));
      if (!verification) return refuse('PRESCRIPTION_TOKEN_INVALID', 404);
      const { facilityId } = (await request.json()) as { facilityId: string };
      if (verification.status === 'dispensed') return refuse('PRESCRIPTION_ALREADY_DISPENSED', 409);
      if (verification.status === 'stopped' || verification.expired)
        return refuse('PRESCRIPTION_NOT_DISPENSABLE', 409);
      Object.assign(verification, {
        status: 'dispensed',
        dispensedAt: '2026-03-04T11:00:00.000Z',
        dispensedBy: fake.pharmacies.get(facilityId) ?? 'Farmácia Central',
      });
      return json(verification);
    }),
    http.get('/api/me/patients/:patientId/prescriptions', ({ params }) =>
      json({ items: fake.medicines.get(String(params.patientId)) ?? [] }),
    ),
    http.get('/api/me/patients/:patientId/refill-requests', ({ params }) =>
      json(fake.refills.filter((r) => r.patientId === params.patientId)),
    ),
    http.post(
      '/api/me/patients/:patientId/prescriptions/:id/refill-requests',
      async ({ params, request }) => {
        const medicine = medicineOf(params.patientId, params.id);
        if (!medicine) return refuse('PRESCRIPTION_NOT_FOUND', 404);
        const patientId = String(params.patientId);
        if (fake.refills.some((r) => r.prescriptionId === medicine._id && r.status === 'open'))
          return refuse('REFILL_ALREADY_OPEN', 409);
        const body = (await request.json()) as { note?: string };
        const created = fake.addRefill(patientId, {
          prescriptionId: medicine._id,
          medication: medicine.medication,
          note: body.note ?? '',
        });
        return json(created, { status: 201 });
      },
    ),
    http.post(
      '/api/me/patients/:patientId/prescriptions/:id/pharmacy',
      async ({ params, request }) => {
        const medicine = medicineOf(params.patientId, params.id);
        if (!medicine) return refuse('PRESCRIPTION_NOT_FOUND', 404);
        const { facilityId } = (await request.json()) as { facilityId: string };
        if (!fake.pharmacies.has(facilityId)) return refuse('PHARMACY_NOT_FOUND', 404);
        Object.assign(medicine, { pharmacyId: facilityId, sentAt: '2026-03-03T09:00:00.000Z' });
        return json(medicine);
      },
    ),
    http.get('/api/records/patients/:id/refill-requests', ({ params }) =>
      json(fake.refills.filter((r) => r.patientId === params.id)),
    ),
    http.get('/api/records/refill-requests/count', () =>
      json({ open: fake.refills.filter((r) => r.status === 'open').length }),
    ),
    http.post(
      '/api/records/patients/:id/refill-requests/:requestId/decline',
      async ({ params, request }) => {
        const refill = fake.refills.find((r) => r._id === params.requestId);
        if (!refill) return refuse('REFILL_REQUEST_NOT_FOUND', 404);
        if (refill.status !== 'open') return refuse('REFILL_ALREADY_ANSWERED', 409);
        const { message } = (await request.json()) as { message: string };
        Object.assign(refill, {
          status: 'declined',
          message,
          answeredAt: new Date().toISOString(),
        });
        return json(refill);
      },
    ),
    http.get('/api/records/patients/:id/prescriptions/:prescriptionId', ({ params }) => {
      const found = clinical?.prescriptions.find(
        (p) => p._id === params.prescriptionId && p.patientId === params.id,
      );
      return found ? json(found) : refuse('PRESCRIPTION_NOT_FOUND', 404);
    }),
    http.post(
      '/api/records/patients/:id/refill-requests/:requestId/approve',
      async ({ params, request }) => {
        const refill = fake.refills.find((r) => r._id === params.requestId);
        if (!refill || !clinical) return refuse('REFILL_REQUEST_NOT_FOUND', 404);
        if (refill.status !== 'open') return refuse('REFILL_ALREADY_ANSWERED', 409);
        const parsed = ZPrescriptionInput.safeParse(await request.json());
        if (!parsed.success) return invalid(parsed.error);
        const patientId = String(params.id);
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
        Object.assign(refill, { status: 'approved', answeredAt: new Date().toISOString() });
        fake.approvals.push(parsed.data);
        return json(clinical.addPrescription(patientId, parsed.data), { status: 201 });
      },
    ),
    http.get('/api/pharmacy/prescriptions', ({ request }) => {
      const url = new URL(request.url);
      const facilityId = url.searchParams.get('facilityId');
      const status = url.searchParams.get('status');
      return json(
        fake.queue.filter(
          (item) =>
            fake.queueOf.get(item._id) === facilityId &&
            (!status || item.pharmacyStatus === status),
        ),
      );
    }),
    http.post('/api/pharmacy/prescriptions/:id/:step', ({ params }) => {
      const item = fake.queue.find((one) => one._id === params.id);
      if (!item) return refuse('PRESCRIPTION_NOT_FOUND', 404);
      if (item.pharmacyStatus === 'dispensed') return refuse('PRESCRIPTION_ALREADY_DISPENSED', 409);
      if (params.step === 'ready')
        Object.assign(item, { pharmacyStatus: 'ready', readyAt: '2026-03-03T12:00:00.000Z' });
      else
        Object.assign(item, {
          pharmacyStatus: 'dispensed',
          status: 'dispensed',
          dispensedAt: '2026-03-04T11:00:00.000Z',
        });
      return json(item);
    }),
  ];
}
