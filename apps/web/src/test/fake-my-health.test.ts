import { describe, expect, it } from 'vitest';
import {
  itemsOf,
  ZMyAllergy,
  ZMyAppointment,
  ZMyAppointments,
  ZMyCarePlan,
  ZMyImmunization,
  ZMyOccurrence,
  ZMyPatient,
  ZMyPrescription,
  ZMyVisit,
  ZMyVitalsPoint,
} from '@portal/shared/my-health';
import { ZMyLinks } from '@portal/shared/patient-access';
import { FakeMyHealth } from './fake-my-health.ts';
import type { RecordedRequest } from './http.ts';

const idOf = (tail: string) => `5b2d7e10-0000-4000-9000-${tail.padStart(12, '0')}`;

const request = (method: string, path: string, body?: unknown): RecordedRequest => ({
  method,
  path,
  search: new URLSearchParams(),
  headers: new Headers(),
  body,
});

/** One record with an item of every kind, the fields as the API's schemas name them. */
function fakeWithRecord() {
  const fake = new FakeMyHealth(() => Date.parse('2026-11-28T08:00:00.000Z'));
  const link = fake.addLink(
    { patientName: 'Amina Yusuf' },
    {
      appointments: {
        upcoming: [
          {
            _id: idOf('a1'),
            start: '2026-11-29T09:00:00.000Z',
            end: '2026-11-29T09:30:00.000Z',
            kind: 'in-person',
            status: 'booked',
            requestExpiresAt: null,
            cancelReason: null,
            declineMessage: null,
          },
        ],
        past: [],
      },
      carePlans: [
        {
          _id: idOf('c1'),
          title: 'Blood pressure',
          activities: [
            {
              _id: idOf('c2'),
              title: 'Measure blood pressure',
              todayOccurrence: { date: '2026-11-28', state: 'due' },
            },
          ],
        },
      ],
    },
  );
  return { fake, patientId: link.patientId };
}

async function bodyOf(response: Response): Promise<unknown> {
  expect(response.status).toBeLessThan(300);
  return response.json();
}

describe('FakeMyHealth answers as the API’s schemas say', () => {
  it('answers every read of a linked record with the shared schema’s fields', async () => {
    const { fake, patientId } = fakeWithRecord();
    const base = `/api/me/patients/${patientId}`;
    const reads = [
      ['', ZMyPatient],
      ['/appointments', ZMyAppointments],
      ['/visits', itemsOf(ZMyVisit)],
      ['/vitals', itemsOf(ZMyVitalsPoint)],
      ['/prescriptions', itemsOf(ZMyPrescription)],
      ['/allergies', itemsOf(ZMyAllergy)],
      ['/immunizations', itemsOf(ZMyImmunization)],
      ['/care-plans', itemsOf(ZMyCarePlan)],
    ] as const;
    for (const [path, schema] of reads) {
      const body = await bodyOf(fake.handle(request('GET', `${base}${path}`)));
      expect(schema.safeParse(body).success, path || '/').toBe(true);
    }
    expect(
      ZMyLinks.safeParse(await bodyOf(fake.handle(request('GET', '/api/me/links')))).success,
    ).toBe(true);
  });

  it('answers a mark and a cancellation as the API does', async () => {
    const { fake, patientId } = fakeWithRecord();
    const base = `/api/me/patients/${patientId}`;
    const marked = await bodyOf(
      fake.handle(
        request(
          'POST',
          `${base}/care-plans/${idOf('c1')}/activities/${idOf('c2')}/occurrences/2026-11-28`,
          {
            status: 'done',
          },
        ),
      ),
    );
    expect(ZMyOccurrence.parse(marked)).toEqual({ date: '2026-11-28', state: 'done' });
    const cancelled = await bodyOf(
      fake.handle(request('POST', `${base}/appointments/${idOf('a1')}/cancel`)),
    );
    expect(ZMyAppointment.parse(cancelled).status).toBe('cancelled');
  });

  it('refuses with the API’s error body: code, message and the phone at the top level', async () => {
    const { fake, patientId } = fakeWithRecord();
    fake.tooLateToCancel.add(idOf('a1'));
    const response = fake.handle(
      request('POST', `/api/me/patients/${patientId}/appointments/${idOf('a1')}/cancel`),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      code: 'CANCELLATION_TOO_LATE',
      message: 'It is too late to cancel this appointment online. Please call the practice.',
      phone: '+49 30 1234567',
    });
  });
});
