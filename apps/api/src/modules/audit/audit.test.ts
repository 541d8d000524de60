import { describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@portal/shared/audit';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { createCarePlan } from '../../../test/factories/care-plans.ts';
import {
  allergiesUrl,
  createAllergy,
  createPrescription,
} from '../../../test/factories/clinical.ts';
import { createPatient, patientInput } from '../../../test/factories/patients.ts';
import { createVisit } from '../../../test/factories/visits.ts';
import { nextPageOf } from '../../../test/paging.ts';
import { auditTrail, practitioner } from '../../../test/patient-resources.ts';

const ctx = useTestApp();

async function trail(headers: AuthHeaders, query = '') {
  const response = await ctx.app.inject({ url: `/api/records/audit${query}`, headers });
  return {
    status: response.statusCode,
    events: response.json() as TAuditEvent[],
    total: Number(response.headers['x-total-count']),
    next: nextPageOf(response),
  };
}

describe('audit events', () => {
  it('records every create, read, list, update, delete, restore and export with who, which, outcome, when and the request id', async () => {
    const user = await signIn(ctx);
    const headers = user.headers;
    const serverIds: Record<string, string> = {};
    const send = async (
      options: {
        method?: 'POST' | 'PUT' | 'DELETE';
        url: string;
        payload?: object;
        headers?: object;
      },
      requestId: string,
    ) => {
      const response = await ctx.app.inject({
        ...options,
        headers: { ...headers, ...options.headers, 'x-request-id': requestId },
      });
      // The server's own id, never the client's: the audit key cannot be forged or collided.
      const serverId = String(response.headers['x-request-id']);
      expect(serverId).toMatch(/^[0-9a-f-]{36}$/);
      serverIds[requestId] = serverId;
      return response;
    };
    const created = (
      await send(
        { method: 'POST', url: '/api/records/patients', payload: patientInput() },
        'req-create',
      )
    ).json();
    const path = `/api/records/patients/${created._id}`;
    await send({ url: path }, 'req-read');
    await send({ url: '/api/records/patients?q=amina' }, 'req-list');
    await send({ method: 'PUT', url: path, payload: patientInput() }, 'req-update');
    await send(
      {
        method: 'PUT',
        url: path,
        payload: patientInput(),
        headers: { 'if-match': `"${created.updatedAt}"` },
      },
      'req-conflict',
    );
    await send({ method: 'DELETE', url: path }, 'req-delete');
    await send({ method: 'POST', url: `${path}/restore` }, 'req-restore');
    await send({ url: '/api/records/patients/export?format=csv' }, 'req-export');
    await send({ url: '/api/records/patients/00000000-0000-4000-8000-000000000000' }, 'req-denied');

    const { events } = await trail(headers);
    const started = Date.now();
    expect(
      events.map(({ action, outcome, patientId, requestId }) => ({
        action,
        outcome,
        patientId,
        requestId,
      })),
    ).toEqual([
      {
        action: 'read',
        outcome: 'denied',
        patientId: '00000000-0000-4000-8000-000000000000',
        requestId: serverIds['req-denied'],
      },
      { action: 'export', outcome: 'success', patientId: null, requestId: serverIds['req-export'] },
      {
        action: 'restore',
        outcome: 'success',
        patientId: created._id,
        requestId: serverIds['req-restore'],
      },
      {
        action: 'delete',
        outcome: 'success',
        patientId: created._id,
        requestId: serverIds['req-delete'],
      },
      {
        action: 'update',
        outcome: 'conflict',
        patientId: created._id,
        requestId: serverIds['req-conflict'],
      },
      {
        action: 'update',
        outcome: 'success',
        patientId: created._id,
        requestId: serverIds['req-update'],
      },
      { action: 'list', outcome: 'success', patientId: null, requestId: serverIds['req-list'] },
      {
        action: 'read',
        outcome: 'success',
        patientId: created._id,
        requestId: serverIds['req-read'],
      },
      {
        action: 'create',
        outcome: 'success',
        patientId: created._id,
        requestId: serverIds['req-create'],
      },
    ]);
    for (const event of events) {
      expect(event.actorId).toBe(user.user._id);
      expect(Math.abs(Date.parse(event.createdAt) - started)).toBeLessThan(60_000);
    }
  });

  it("keys rows on the server's request id: a client's x-request-id can neither forge nor collide one", async () => {
    const user = await signIn(ctx);
    const victim = await signIn(ctx);
    const victimRead = await ctx.app.inject({
      url: '/api/records/patients',
      headers: victim.headers,
    });
    const victimId = String(victimRead.headers['x-request-id']);
    const sent = [];
    for (const clientId of [victimId, victimId, 'same-id', 'same-id']) {
      const response = await ctx.app.inject({
        url: '/api/records/patients',
        headers: { ...user.headers, 'x-request-id': clientId },
      });
      sent.push(String(response.headers['x-request-id']));
    }
    const { rows } = await ctx.database.pool.query<{ request_id: string }>(
      'select request_id from audit_events where request_id = any($1) or request_id in ($2, $3)',
      [sent, victimId, 'same-id'],
    );
    const ids = rows.map((row) => row.request_id).sort();
    expect(ids).toEqual([...sent, victimId].sort());
    expect(new Set(ids).size).toBe(5);
  });

  it('never holds patient fields in the table: only who, which patient and which record (kind and id), what, outcome, when, request id, voice call and a search’s result count', async () => {
    const { rows } = await ctx.database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'audit_events' order by column_name`,
    );
    expect(rows.map((r) => r.column_name)).toEqual([
      'action',
      'actor_id',
      'created_at',
      'id',
      'outcome',
      'patient_id',
      'related_id',
      'related_kind',
      'request_id',
      'result_count',
      'subject_id',
      'subject_kind',
      'voice_call_id',
    ]);
  });

  it('is append-only in the database', async () => {
    await expect(
      ctx.database.pool.query(`update audit_events set outcome = 'success'`),
    ).rejects.toThrow('append-only');
    await expect(ctx.database.pool.query('delete from audit_events')).rejects.toThrow(
      'append-only',
    );
  });
});

describe('GET /api/records/audit', () => {
  it('lists only my events, newest first, paged with Link and X-Total-Count', async () => {
    const user = await signIn(ctx);
    const other = await signIn(ctx);
    await createPatient(ctx, other.headers);
    for (let i = 0; i < 7; i += 1) await createPatient(ctx, user.headers);
    const first = await trail(user.headers, '?limit=5');
    expect(first.status).toBe(200);
    expect(first.total).toBe(7);
    expect(first.events).toHaveLength(5);
    const numbers = first.events.map((e) => Number(e.id));
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    expect(first.next).toMatch(/^\/api\/records\/audit\?limit=5&cursor=/);
    const second = await trail(user.headers, first.next!.replace('/api/records/audit', ''));
    expect(second.events).toHaveLength(2);
    expect(second.next).toBeUndefined();
    const all = [...first.events, ...second.events];
    expect(new Set(all.map((e) => e.id)).size).toBe(7);
    expect(all.every((e) => e.actorId === user.user._id)).toBe(true);
  });

  it("names each of my patients as they are now, and never another user's patient or a purged one", async () => {
    const user = await signIn(ctx);
    const other = await signIn(ctx);
    const theirs = await createPatient(ctx, other.headers, { name: 'Zanele Secretname' });
    const kept = await createPatient(ctx, user.headers, { name: 'Amina Yusuf' });
    const trashed = await createPatient(ctx, user.headers, { name: 'Bruno Costa' });
    const purged = await createPatient(ctx, user.headers, { name: 'Chen Wei' });
    const send = (method: 'GET' | 'PUT' | 'DELETE', id: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/records/patients/${id}`,
        headers: user.headers,
        ...(payload && { payload }),
      });
    expect((await send('GET', theirs._id)).statusCode).toBe(404);
    await send('PUT', kept._id, { ...patientInput(), name: 'Amina Yusuf-Bello' });
    await send('DELETE', trashed._id);
    await ctx.database.pool.query('delete from patients where id = $1', [purged._id]);

    const response = await ctx.app.inject({ url: '/api/records/audit', headers: user.headers });
    const events = response.json() as TAuditEvent[];
    const nameOf = (patientId: string) =>
      new Set(events.filter((e) => e.patientId === patientId).map((e) => e.patientName));
    expect(nameOf(kept._id)).toEqual(new Set(['Amina Yusuf-Bello']));
    expect(nameOf(trashed._id)).toEqual(new Set(['Bruno Costa']));
    expect(nameOf(purged._id)).toEqual(new Set([null]));
    expect(nameOf(theirs._id)).toEqual(new Set([null]));
    expect(response.body).not.toContain('Secretname');
    expect(Object.keys(events[0]!).sort()).toEqual(
      [
        'action',
        'actorId',
        'actorName',
        'actorRole',
        'allergyId',
        'appointmentId',
        'visitId',
        'createdAt',
        'id',
        'outcome',
        'patientId',
        'patientName',
        'prescriptionId',
        'carePlanId',
        'subject',
        'requestId',
        'resultCount',
      ].sort(),
    );
  });

  it('names the record each event is about as its subject, kind and id, and repeats the id in the field of its kind', async () => {
    // A member: care plans are a membership feature.
    const { headers, patient } = await practitioner(ctx, { isMember: true });
    const appointment = await createAppointment(ctx, headers, { patientId: patient._id });
    const visit = await createVisit(ctx, headers, patient._id);
    const allergy = await createAllergy(ctx, headers, patient._id, { substance: 'penicillin' });
    const prescription = await createPrescription(ctx, headers, patient._id, {
      medication: 'Penicillin V',
      allergyAcknowledged: true,
    });
    const plan = await createCarePlan(ctx, headers, patient._id);
    await ctx.app.inject({ url: allergiesUrl(patient._id), headers });

    const events = await auditTrail(ctx, headers);
    const none = {
      appointmentId: null,
      visitId: null,
      allergyId: null,
      prescriptionId: null,
      carePlanId: null,
    };
    const fields = [
      'action',
      'patientId',
      'subject',
      'appointmentId',
      'visitId',
      'allergyId',
      'prescriptionId',
      'carePlanId',
    ] as const;
    expect(
      events.map((event) => Object.fromEntries(fields.map((field) => [field, event[field]]))),
    ).toEqual([
      { action: 'list', patientId: patient._id, subject: null, ...none },
      {
        action: 'create',
        patientId: patient._id,
        subject: { kind: 'carePlan', id: plan._id },
        ...none,
        carePlanId: plan._id,
      },
      {
        action: 'acknowledge',
        patientId: patient._id,
        subject: { kind: 'prescription', id: prescription._id },
        ...none,
        prescriptionId: prescription._id,
        allergyId: allergy._id,
      },
      {
        action: 'create',
        patientId: patient._id,
        subject: { kind: 'prescription', id: prescription._id },
        ...none,
        prescriptionId: prescription._id,
      },
      {
        action: 'create',
        patientId: patient._id,
        subject: { kind: 'allergy', id: allergy._id },
        ...none,
        allergyId: allergy._id,
      },
      {
        action: 'create',
        patientId: patient._id,
        subject: { kind: 'visit', id: visit._id },
        ...none,
        visitId: visit._id,
      },
      {
        action: 'create',
        patientId: patient._id,
        subject: { kind: 'appointment', id: appointment._id },
        ...none,
        appointmentId: appointment._id,
      },
      { action: 'create', patientId: patient._id, subject: null, ...none },
    ]);
  });

  it('rejects a bad limit or cursor, and answers 401 without a token', async () => {
    const user = await signIn(ctx);
    expect((await trail(user.headers, '?limit=500')).status).toBe(400);
    const bad = await ctx.app.inject({
      url: '/api/records/audit?cursor=WzAuNV0',
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_CURSOR');
    expect((await ctx.app.inject({ url: '/api/records/audit' })).statusCode).toBe(401);
  });
});
