import { describe, expect, it } from 'vitest';
import type { TRefillRequest } from '@portal/shared/medicines';
import { signIn, type AuthHeaders } from '../../../test/app.ts';
import { medicinesTestApp } from './medicines.factories.ts';

const { ctx, kit, call, askRefill } = medicinesTestApp();

describe('privacy matrix of the medicines routes', () => {
  it('answers each route only to whom it belongs: 404 (or 401 for a guest) to everyone else', async () => {
    const { prescribed, linkedTo, pharmacy } = kit();
    const { doctor, patientId, prescription } = await prescribed();
    const person = await linkedTo(doctor, patientId);
    const shop = await pharmacy();
    const otherShop = await pharmacy({ name: 'Farmácia Nova' });
    const otherDoctor = await signIn(ctx, { name: 'Dr B' });
    const stranger = await signIn(ctx, { name: 'Stranger' });
    await call(
      'POST',
      `/api/me/patients/${patientId}/prescriptions/${prescription._id}/pharmacy`,
      person.headers,
      {
        facilityId: shop.id,
      },
    );
    const request = (
      await askRefill(person.headers, { patientId, prescriptionId: prescription._id })
    ).json() as TRefillRequest;
    type Who = 'doctor' | 'otherDoctor' | 'linked' | 'stranger' | 'shop' | 'otherShop' | 'guest';
    const headersOf: Record<Who, AuthHeaders | undefined> = {
      doctor: doctor.headers,
      otherDoctor: otherDoctor.headers,
      linked: person.headers,
      stranger: stranger.headers,
      shop: shop.staff.headers,
      otherShop: otherShop.staff.headers,
      guest: undefined,
    };
    const routes: { method: 'GET' | 'POST'; url: string; allowed: Who[] }[] = [
      { method: 'GET', url: `/api/me/patients/${patientId}/refill-requests`, allowed: ['linked'] },
      {
        method: 'GET',
        url: `/api/records/patients/${patientId}/refill-requests`,
        allowed: ['doctor'],
      },
      {
        method: 'GET',
        url: `/api/pharmacy/prescriptions?facilityId=${shop.id}`,
        allowed: ['shop'],
      },
      { method: 'GET', url: `/api/records/patients/${patientId}/pharmacy`, allowed: ['doctor'] },
      {
        method: 'GET',
        url: `/api/records/patients/${patientId}/prescriptions/${prescription._id}`,
        allowed: ['doctor'],
      },
      {
        method: 'POST',
        url: `/api/records/patients/${patientId}/refill-requests/${request._id}/decline`,
        allowed: [],
      },
    ];
    for (const route of routes)
      for (const who of Object.keys(headersOf) as Who[]) {
        if (route.allowed.includes(who)) {
          const ok = await call(route.method, route.url, headersOf[who]);
          expect(ok.statusCode, `${who} ${route.url}`).toBe(200);
          continue;
        }
        if (route.method === 'POST' && who === 'doctor') continue;
        const response = await call(
          route.method,
          route.url,
          headersOf[who],
          route.method === 'POST' ? { message: 'x' } : undefined,
        );
        expect(response.statusCode, `${who} ${route.url}`).toBe(who === 'guest' ? 401 : 404);
      }
    // The pharmacy's ready action: only the staff of the pharmacy it was sent to.
    for (const who of ['doctor', 'otherDoctor', 'linked', 'stranger', 'otherShop'] as const) {
      const response = await call(
        'POST',
        `/api/pharmacy/prescriptions/${prescription._id}/ready`,
        headersOf[who],
      );
      expect(response.statusCode, who).toBe(404);
    }
    expect(
      (await call('GET', '/api/records/refill-requests/count', otherDoctor.headers)).json(),
    ).toEqual({ open: 0 });
  });
});
