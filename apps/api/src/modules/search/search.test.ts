import { describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@portal/shared/audit';
import { SEARCH_MESSAGES, type TSearchGroup, type TSearchResults } from '@portal/shared/search';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { createPrescription } from '../../../test/factories/clinical.ts';
import { trashPatient } from '../../../test/factories/patients.ts';
import { createVisit } from '../../../test/factories/visits.ts';
import { practitioner } from '../../../test/patient-resources.ts';

const ctx = useTestApp();

/** A premium member (the route is members-only) with one patient. */
const member = (name = 'Amina Yusuf') => practitioner(ctx, { isMember: true, patient: { name } });

function search(headers: AuthHeaders, query: string) {
  return ctx.app.inject({ url: `/api/premier/search?${query}`, headers });
}

async function results(headers: AuthHeaders, q: string, extra = ''): Promise<TSearchResults> {
  const response = await search(headers, `q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
}

const group = (answer: TSearchResults, kind: TSearchGroup['kind']) =>
  answer.groups.find((each) => each.kind === kind)!;

/** The snippet with its matches written [like this], to compare at a glance. */
const marked = (hit: TSearchGroup['items'][number]) =>
  hit.snippet.segments.map((s) => (s.isMatch ? `[${s.text}]` : s.text)).join('');

describe('GET /api/premier/search', () => {
  it('finds patients, visit notes and prescriptions, grouped, newest first, matches marked', async () => {
    const { headers, patient } = await member('Omar Haddad');
    const older = await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-01-05T09:00:00.000Z',
      reason: 'Follow-up',
      assessment: 'Suspected METFORMIN intolerance; metformin paused.',
    });
    const newer = await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-02-05T09:00:00.000Z',
      reason: 'Metformin review',
    });
    const prescription = await createPrescription(ctx, headers, patient._id, {
      medication: 'Metformin',
      strength: '500 mg',
    });
    const answer = await results(headers, 'metFORMIN');
    expect(answer.groups.map((each) => each.kind)).toEqual(['patients', 'visits', 'prescriptions']);
    expect(group(answer, 'patients')).toEqual({ kind: 'patients', items: [], hasMore: false });
    const visits = group(answer, 'visits');
    expect(visits.items.map((hit) => hit.itemId)).toEqual([newer._id, older._id]);
    expect(visits.items[0]).toMatchObject({
      patientId: patient._id,
      patientName: 'Omar Haddad',
      at: '2026-02-05T09:00:00.000Z',
      title: 'Metformin review',
      snippet: { field: 'reason' },
    });
    expect(marked(visits.items[0]!)).toBe('[Metformin] review');
    expect(visits.items[1]!.snippet.field).toBe('assessment');
    expect(marked(visits.items[1]!)).toBe('Suspected [METFORMIN] intolerance; [metformin] paused.');
    expect(group(answer, 'prescriptions').items).toEqual([
      expect.objectContaining({
        itemId: prescription._id,
        patientId: patient._id,
        title: 'Metformin',
        status: 'active',
        snippet: { field: 'medication', segments: [{ text: 'Metformin', isMatch: true }] },
      }),
    ]);
    const byName = await results(headers, 'haddad');
    expect(group(byName, 'patients').items).toEqual([
      expect.objectContaining({
        patientId: patient._id,
        itemId: patient._id,
        title: 'Omar Haddad',
      }),
    ]);
    expect(marked(group(byName, 'patients').items[0]!)).toBe('Omar [Haddad]');
  });

  it("never shows another practitioner's records nor a patient in the trash", async () => {
    const mine = await member('Lena Fischer');
    const theirs = await member('Lena Fischer');
    await createVisit(ctx, theirs.headers, theirs.patient._id, { reason: 'Zolpidem refill' });
    await createPrescription(ctx, theirs.headers, theirs.patient._id, { medication: 'Zolpidem' });
    const answer = await results(mine.headers, 'zolpidem');
    expect(answer.groups.every((each) => each.items.length === 0)).toBe(true);
    expect(group(await results(mine.headers, 'fischer'), 'patients').items).toHaveLength(1);

    await createVisit(ctx, mine.headers, mine.patient._id, { reason: 'Zolpidem refill' });
    expect(group(await results(mine.headers, 'zolpidem'), 'visits').items).toHaveLength(1);
    await trashPatient(ctx, mine.headers, mine.patient._id);
    const after = await results(mine.headers, 'zolpidem');
    expect(after.groups.every((each) => each.items.length === 0)).toBe(true);
  });

  it('limits each group, says there is more, and answers one group with kind', async () => {
    const { headers, patient } = await member();
    for (let day = 1; day <= 4; day += 1)
      await createVisit(ctx, headers, patient._id, {
        occurredAt: `2026-03-0${day}T08:00:00.000Z`,
        plan: `Physiotherapy session ${day}`,
      });
    const answer = await results(headers, 'physio', '&limit=3');
    expect(group(answer, 'visits').items).toHaveLength(3);
    expect(group(answer, 'visits').hasMore).toBe(true);
    expect(group(answer, 'visits').items[0]!.at).toBe('2026-03-04T08:00:00.000Z');
    const one = await results(headers, 'physio', '&kind=visits&limit=4');
    expect(one.groups).toHaveLength(1);
    expect(one.groups[0]).toMatchObject({ kind: 'visits', hasMore: false });
    expect(one.groups[0]!.items).toHaveLength(4);
  });

  it('looks for % and _ as themselves, and cuts a long note around the match', async () => {
    const { headers, patient } = await member();
    await createVisit(ctx, headers, patient._id, {
      subjective: `${'a'.repeat(300)} 100%_sure ${'b'.repeat(300)}`,
    });
    await createVisit(ctx, headers, patient._id, { subjective: '100 percent sure' });
    const hits = group(await results(headers, '0%_s'), 'visits').items;
    expect(hits).toHaveLength(1);
    const segments = hits[0]!.snippet.segments;
    expect(segments[0]).toEqual({ text: '…', isMatch: false });
    expect(segments.at(-1)).toEqual({ text: '…', isMatch: false });
    expect(segments.filter((s) => s.isMatch)).toEqual([{ text: '0%_s', isMatch: true }]);
    expect(segments.map((s) => s.text).join('').length).toBeLessThan(140);
  });

  it('audits each search with its result count, never the query', async () => {
    const { headers, patient } = await member('Grace Otieno');
    await createPrescription(ctx, headers, patient._id, { medication: 'Salbutamol inhaler' });
    await results(headers, 'salbutamol');
    const trail = await ctx.app.inject({ url: '/api/records/audit?limit=5', headers });
    const [event] = trail.json() as TAuditEvent[];
    expect(event).toMatchObject({
      action: 'search',
      outcome: 'success',
      resultCount: 1,
      patientId: null,
    });
    const { rows } = await ctx.database.pool.query(
      "select * from audit_events where action = 'search'",
    );
    expect(JSON.stringify(rows)).not.toContain('salbutamol');
  });

  it.each([
    ['', SEARCH_MESSAGES.queryRequired],
    ['q=', SEARCH_MESSAGES.queryRequired],
    ['q=%20%20%20', SEARCH_MESSAGES.queryRequired],
    ['q=ab', SEARCH_MESSAGES.queryTooShort],
    ['q=%20ab%20', SEARCH_MESSAGES.queryTooShort],
    [`q=${'a'.repeat(101)}`, SEARCH_MESSAGES.queryTooLong],
    ['q=abc%00', SEARCH_MESSAGES.queryInvalid],
    ['q=abc&kind=notes', SEARCH_MESSAGES.kindInvalid],
    ['q=abc&limit=51', SEARCH_MESSAGES.limit],
    ['q=abc&limit=0', SEARCH_MESSAGES.limit],
  ])('answers 400 with a clear message for %j', async (query, message) => {
    const { headers } = await member();
    const response = await search(headers, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 402 PREMIUM_REQUIRED to a signed-in user who is not a member, before validation', async () => {
    const { headers } = await signIn(ctx);
    for (const query of ['q=metformin', 'q=a']) {
      const response = await search(headers, query);
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/premier/search?q=abc' });
    expect(response.statusCode).toBe(401);
  });
});
