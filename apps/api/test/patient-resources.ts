import { describe, expect, it } from 'vitest';
import type { AuditSubjectKind, TAuditEvent } from '@portal/shared/audit';
import type { TPatientInput } from '@portal/shared/patient';
import { type AuthHeaders, signIn, type TestContext } from './app.ts';
import { becomeMember } from './factories/billing.ts';
import { createPatient, trashPatient } from './factories/patients.ts';

/**
 * The shared test kit of the patient sub-resources (src/patient-owned): a signed-in
 * practitioner with a patient, the audit trail, a table's row count, and the contract every
 * entity keeps (owner-scoped, audited, no-store, If-Match), run once for each entity by
 * `describePatientResourceContract`.
 */

/**
 * A signed-in practitioner with a patient; `isMember`: a premium member first; `patient`: the
 * patient's fields (Amina Yusuf unless said otherwise).
 */
export async function practitioner(
  ctx: TestContext,
  {
    name,
    timeZone,
    isMember = false,
    patient = { name: 'Amina Yusuf' },
  }: {
    name?: string;
    timeZone?: string;
    isMember?: boolean;
    patient?: Partial<TPatientInput>;
  } = {},
) {
  const session = await signIn(ctx, { name, timeZone });
  if (isMember) await becomeMember(ctx, session.headers);
  return { ...session, patient: await createPatient(ctx, session.headers, patient) };
}

/** The actor's audit trail, newest first. */
export async function auditTrail(ctx: TestContext, headers: AuthHeaders): Promise<TAuditEvent[]> {
  return (await ctx.app.inject({ url: '/api/records/audit?limit=200', headers })).json();
}

/** The rows of a table, whoever owns them: a refusal must leave it as it was. */
export async function rowCount(ctx: TestContext, table: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `select count(*)::int as n from ${table}`,
  );
  return rows[0]!.n;
}

/** A case of bad input: the body's override, the field it names, and that field's message. */
export type FieldCase = [override: Record<string, unknown>, field: string, message: string];

/**
 * Posts `body` with each case's override: each is a 400 `VALIDATION_FAILED` with the field's
 * message, nothing is stored, and each is audited as an invalid attempt.
 */
export async function expectFieldErrors(
  ctx: TestContext,
  {
    url,
    headers,
    body,
    table,
    cases,
  }: { url: string; headers: AuthHeaders; body: object; table: string; cases: FieldCase[] },
) {
  const before = await rowCount(ctx, table);
  const invalidBefore = (await auditTrail(ctx, headers)).filter((e) => e.outcome === 'invalid');
  for (const [override, field, message] of cases) {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...body, ...override },
    });
    expect(response.statusCode, field).toBe(400);
    expect(response.json(), JSON.stringify(override).slice(0, 60)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { [field]: message },
    });
  }
  expect(await rowCount(ctx, table)).toBe(before);
  const invalid = (await auditTrail(ctx, headers)).filter((e) => e.outcome === 'invalid');
  expect(invalid).toHaveLength(invalidBefore.length + cases.length);
  expect(invalid[0]).toMatchObject({ action: 'create' });
}

/** One entity as its contract test sees it. */
export interface ResourceUnderTest {
  /** The path segment: /api/records/patients/{id}/<segment>. */
  segment: string;
  /** Premium members only: the practitioners of the contract are members. */
  isMembersOnly?: boolean;
  table: string;
  /** The audit events' subject kind of an item: `allergy`. */
  kind: AuditSubjectKind;
  /** 404 code of an item that is not the actor's patient's. */
  notFound: string;
  /** What a stale `If-Match` answers. */
  stale: { status: 409 | 412; code: string };
  /** A valid body; `changed` differs from the default in a field the answer shows. */
  body: (variant?: 'changed') => Record<string, unknown>;
}

interface Item {
  _id: string;
  patientId: string;
  updatedAt: string;
}

export function describePatientResourceContract(
  context: () => TestContext,
  resource: ResourceUnderTest,
) {
  const { segment, table, kind } = resource;
  const subject = (id: string) => ({ subject: { kind, id } });
  const newPractitioner = (ctx: TestContext) =>
    practitioner(ctx, { isMember: resource.isMembersOnly ?? false });
  const url = (patientId: string, ...rest: string[]) =>
    ['/api/records/patients', patientId, segment, ...rest].join('/');
  const post = (headers: AuthHeaders, patientId: string, payload = resource.body()) =>
    context().app.inject({ method: 'POST', url: url(patientId), headers, payload });
  const put = (headers: AuthHeaders, path: string, payload = resource.body('changed')) =>
    context().app.inject({ method: 'PUT', url: path, headers, payload });
  async function create(headers: AuthHeaders, patientId: string): Promise<Item> {
    const response = await post(headers, patientId);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  describe(`the ${segment} of a patient, as every patient sub-resource`, () => {
    it('answers a created, read or listed item no-store, with its ETag, each audited; a bad cursor is a 400', async () => {
      const ctx = context();
      const { headers, patient } = await newPractitioner(ctx);
      const created = await post(headers, patient._id);
      expect(created.statusCode).toBe(201);
      const item = created.json() as Item;
      expect(item.patientId).toBe(patient._id);
      expect(created.headers.etag).toBe(`"${item.updatedAt}"`);
      expect(created.headers['cache-control']).toBe('no-store');
      const read = await ctx.app.inject({ url: url(patient._id, item._id), headers });
      expect(read.json()).toEqual(item);
      expect(read.headers.etag).toBe(`"${item.updatedAt}"`);
      expect(read.headers['cache-control']).toBe('no-store');
      const list = await ctx.app.inject({ url: url(patient._id), headers });
      expect(list.json()).toEqual([item]);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.headers['cache-control']).toBe('no-store');
      const badCursor = await ctx.app.inject({ url: `${url(patient._id)}?cursor=nope`, headers });
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json()).toMatchObject({ code: 'INVALID_CURSOR' });
      const trail = await auditTrail(ctx, headers);
      for (const action of ['create', 'read'] as const)
        expect(trail).toContainEqual(
          expect.objectContaining({ action, outcome: 'success', ...subject(item._id) }),
        );
      expect(trail[0]).toMatchObject({
        action: 'list',
        outcome: 'success',
        patientId: patient._id,
      });
    });

    it("answers 404 PATIENT_NOT_FOUND for someone else's, a trashed or a non-id patient, stores nothing and audits the denial", async () => {
      const ctx = context();
      const owner = await newPractitioner(ctx);
      const other = await newPractitioner(ctx);
      const trashed = await createPatient(ctx, owner.headers, { name: 'Bruno Costa' });
      await trashPatient(ctx, owner.headers, trashed._id);
      const before = await rowCount(ctx, table);
      for (const patientId of [other.patient._id, trashed._id, 'not-an-id']) {
        for (const response of [
          await post(owner.headers, patientId),
          await ctx.app.inject({ url: url(patientId), headers: owner.headers }),
        ]) {
          expect(response.statusCode, patientId).toBe(404);
          expect(response.json()).toMatchObject({ code: 'PATIENT_NOT_FOUND' });
          expect(response.headers['cache-control']).toBe('no-store');
        }
      }
      expect(await rowCount(ctx, table)).toBe(before);
      expect(await auditTrail(ctx, owner.headers)).toContainEqual(
        expect.objectContaining({
          action: 'create',
          outcome: 'denied',
          patientId: other.patient._id,
          subject: null,
        }),
      );
    });

    it(`answers 404 ${resource.notFound} to reading or replacing someone else's item, another patient's or a non-id, changes nothing and audits the denial`, async () => {
      const ctx = context();
      const owner = await newPractitioner(ctx);
      const other = await newPractitioner(ctx);
      const theirs = await create(other.headers, other.patient._id);
      const sibling = await createPatient(ctx, owner.headers, { name: 'Omar Haddad' });
      const mine = await create(owner.headers, owner.patient._id);
      const attempts = [
        [url(other.patient._id, theirs._id), 'PATIENT_NOT_FOUND'],
        [url(owner.patient._id, theirs._id), resource.notFound],
        [url(sibling._id, mine._id), resource.notFound],
        [url(owner.patient._id, 'not-an-id'), resource.notFound],
      ] as const;
      for (const [path, code] of attempts) {
        for (const response of [
          await ctx.app.inject({ url: path, headers: owner.headers }),
          await put(owner.headers, path),
        ]) {
          expect(response.statusCode, path).toBe(404);
          expect(response.json()).toMatchObject({ code });
        }
      }
      const unchanged = await ctx.app.inject({
        url: url(other.patient._id, theirs._id),
        headers: other.headers,
      });
      expect(unchanged.json()).toEqual(theirs);
      const trail = await auditTrail(ctx, owner.headers);
      for (const action of ['read', 'update'] as const)
        expect(trail).toContainEqual(
          expect.objectContaining({ action, outcome: 'denied', ...subject(theirs._id) }),
        );
    });

    it(`replaces with If-Match; a stale one answers ${resource.stale.status} ${resource.stale.code} with the current ETag, changes nothing and is audited as a conflict`, async () => {
      const ctx = context();
      const { headers, patient } = await newPractitioner(ctx);
      const item = await create(headers, patient._id);
      const path = url(patient._id, item._id);
      const original = { ...headers, 'if-match': `"${item.updatedAt}"` };
      const updated = await put(original, path);
      expect(updated.statusCode, updated.body).toBe(200);
      const current = updated.json() as Item;
      expect(current.updatedAt > item.updatedAt).toBe(true);
      expect(updated.headers.etag).toBe(`"${current.updatedAt}"`);
      const stale = await put(original, path, resource.body());
      expect(stale.statusCode).toBe(resource.stale.status);
      expect(stale.json()).toMatchObject({ code: resource.stale.code });
      expect(stale.headers.etag).toBe(`"${current.updatedAt}"`);
      expect((await ctx.app.inject({ url: path, headers })).json()).toEqual(current);
      expect(await auditTrail(ctx, headers)).toContainEqual(
        expect.objectContaining({ action: 'update', outcome: 'conflict', ...subject(item._id) }),
      );
    });

    it('refuses an injected owner id, stores nothing and audits the invalid attempt', async () => {
      const ctx = context();
      const { headers, patient, user } = await newPractitioner(ctx);
      const item = await create(headers, patient._id);
      const before = await rowCount(ctx, table);
      const injected = { ...resource.body('changed'), ownerId: user._id };
      for (const response of [
        await post(headers, patient._id, injected),
        await put(headers, url(patient._id, item._id), injected),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          fieldErrors: { ownerId: 'This field is not allowed.' },
        });
      }
      expect(await rowCount(ctx, table)).toBe(before);
      const invalid = (await auditTrail(ctx, headers)).filter((e) => e.outcome === 'invalid');
      expect(invalid.map((e) => e.action)).toEqual(['update', 'create']);
      expect(invalid[0]).toMatchObject({ patientId: patient._id, ...subject(item._id) });
    });
  });
}
