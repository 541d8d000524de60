import { describe, expect, it } from 'vitest';

import { signIn, useTestApp } from '../../../test/app.ts';

import { nextPageOf } from '../../../test/paging.ts';
import { auditTrail } from '../../../test/patient-resources.ts';

import { linkedPatientOf, myUrl, type LinkedPatientOptions } from './my-health.factories.ts';

const clock = new Date('2026-03-01T08:00:00.000Z');
const ctx = useTestApp({ deps: { now: () => clock } });
const linkedPatient = (options?: LinkedPatientOptions) => linkedPatientOf(ctx, options);

// What a linked patient sees: the activity view.

describe("the practitioner's activity view (GET /api/records/audit)", () => {
  it('lists the linked patient’s reads with who acted and as what, never a stranger’s refused probe', async () => {
    const { owner, person, patientId, get } = await linkedPatient();
    expect((await get('prescriptions')).statusCode).toBe(200);
    const stranger = await signIn(ctx, { name: 'Eve Stranger' });
    await ctx.app.inject({ url: myUrl(patientId, 'visits'), headers: stranger.headers });
    const trail = await auditTrail(ctx, owner.headers);
    expect(trail).toContainEqual(
      expect.objectContaining({
        actorId: person.user._id,
        actorName: 'Ana Lima',
        actorRole: 'patient',
        patientId,
        patientName: 'Amina Yusuf',
        action: 'list',
        outcome: 'success',
      }),
    );
    expect(trail.some((event) => event.actorId === stranger.user._id)).toBe(false);
    // The practitioner's own events keep their fields, now with who acted.
    expect(trail.find((event) => event.actorId === owner.user._id)).toMatchObject({
      actorName: 'Dr Lena Hoffmann',
      actorRole: 'practitioner',
      patientName: 'Amina Yusuf',
    });
    const total = await ctx.app.inject({
      url: '/api/records/audit?limit=1',
      headers: owner.headers,
    });
    expect(Number(total.headers['x-total-count'])).toBe(trail.length);
  });

  it('pages its own events and the linked person’s reads together, newest first, none twice or left out', async () => {
    const { owner, get } = await linkedPatient();
    for (let i = 0; i < 3; i += 1) {
      await get('visits');
      await ctx.app.inject({
        url: `/api/records/patients/${owner.patient._id}`,
        headers: owner.headers,
      });
      await get('allergies');
    }
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `select e.id::text from audit_events e
       where e.actor_id = $1 or (e.outcome = 'success' and e.patient_id in
         (select id from patients where owner_id = $1))
       order by e.id desc`,
      [owner.user._id],
    );
    const seen: string[] = [];
    let url: string | undefined = '/api/records/audit?limit=2';
    while (url) {
      const response = await ctx.app.inject({ url, headers: owner.headers });
      expect(Number(response.headers['x-total-count'])).toBe(rows.length);
      seen.push(...(response.json() as { id: string }[]).map((event) => event.id));
      url = nextPageOf(response);
    }
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  it("shows the linked person their own reads as a patient, without the record's name", async () => {
    const { person, patientId, get } = await linkedPatient();
    await get();
    const [event] = await auditTrail(ctx, person.headers);
    expect(event).toMatchObject({
      actorRole: 'patient',
      patientId,
      patientName: null,
      action: 'read',
    });
  });
});
