import { ERRORS } from '@portal/shared/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TPatient } from '@portal/shared/patient';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import {
  createPatient,
  listPatients,
  patientsUrl,
  seedPatients,
} from '../../../test/factories/patients.ts';
import { nextPageOf } from '../../../test/paging.ts';

const ctx = useTestApp();

const url = patientsUrl;
const list = (headers: AuthHeaders, query = '') => listPatients(ctx, headers, query);

describe('GET /api/records/patients (paging)', () => {
  let paged: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    paged = await signIn(ctx);
    await seedPatients(ctx, { ownerId: paged.user._id, count: 230 });
  });

  it('answers 50 newest first by default with X-Total-Count and a Link to the next page', async () => {
    const page = await list(paged.headers);
    expect(page.status).toBe(200);
    expect(page.items).toHaveLength(50);
    expect(page.total).toBe(230);
    const created = page.items.map((p) => p.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(page.next).toMatch(/^\/api\/records\/patients\?cursor=[A-Za-z0-9_-]+$/);
  });

  it('walks every patient exactly once by following Link, with no Link on the last page', async () => {
    const seen: string[] = [];
    let next: string | undefined = url('?limit=100');
    let pages = 0;
    while (next) {
      const response = await ctx.app.inject({ url: next, headers: paged.headers });
      expect(response.statusCode).toBe(200);
      seen.push(...(response.json() as TPatient[]).map((p) => p._id));
      next = nextPageOf(response);
      if (next) expect(next).toContain('limit=100');
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(230);
    expect(new Set(seen).size).toBe(230);
  });

  it('accepts limit up to 200 and rejects other limits with a clear message', async () => {
    expect((await list(paged.headers, '?limit=200')).items).toHaveLength(200);
    expect((await list(paged.headers, '?limit=1')).items).toHaveLength(1);
    for (const limit of ['201', '0', '-5', '2.5', 'abc', '']) {
      const page = await list(paged.headers, `?limit=${limit}`);
      expect(page.status, limit).toBe(400);
      expect(page.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'limit must be a whole number from 1 to 200',
      });
    }
  });

  it('keeps a cursor stable when patients are added meanwhile (no repeats, no gaps)', async () => {
    const stable = await signIn(ctx);
    await seedPatients(ctx, { ownerId: stable.user._id, count: 30 });
    const all = (await list(stable.headers, '?limit=200')).items.map((p) => p._id);
    const first = await list(stable.headers, '?limit=10');
    for (let i = 0; i < 5; i += 1) await createPatient(ctx, stable.headers);
    const second = await list(stable.headers, first.next!.replace('/api/records/patients', ''));
    expect(second.items.map((p) => p._id)).toEqual(all.slice(10, 20));
    expect(second.total).toBe(35);
  });

  it('answers 400 for a cursor that is not ours', async () => {
    for (const cursor of ['garbage!', 'e30', Buffer.from('["x","y"]').toString('base64url')]) {
      const page = await list(paged.headers, `?cursor=${cursor}`);
      expect(page.status).toBe(400);
      expect(page.body).toEqual({
        message: ERRORS.INVALID_CURSOR.message,
        code: 'INVALID_CURSOR',
      });
    }
  });
});

describe('GET /api/records/patients?q= (search)', () => {
  let searcher: Awaited<ReturnType<typeof signIn>>;
  let ids: Record<string, string>;
  beforeAll(async () => {
    searcher = await signIn(ctx);
    await seedPatients(ctx, { ownerId: searcher.user._id, count: 40, prefix: 'Filler' });
    ids = {
      elise: (
        await createPatient(ctx, searcher.headers, {
          name: 'Élise Moreau',
          diagnosedWith: 'Migraine',
          phone: '4155550123',
          email: 'elise.m@clinic.fr',
        })
      )._id,
      omar: (
        await createPatient(ctx, searcher.headers, {
          name: 'Omar Haddad',
          diagnosedWith: 'Chronic Kidney Disease',
          phone: '2125550188',
          email: '',
        })
      )._id,
      percent: (
        await createPatient(ctx, searcher.headers, {
          name: 'Under_score 100%',
          diagnosedWith: 'Asthma',
          phone: '3105550100',
        })
      )._id,
    };
  });

  const found = async (q: string) => {
    const page = await list(searcher.headers, `?q=${encodeURIComponent(q)}`);
    expect(page.status).toBe(200);
    expect(page.total).toBe(page.items.length);
    return page.items.map((p) => p._id).sort();
  };

  it('finds by a fragment of the name, diagnosis, phone or email, ignoring case', async () => {
    expect(await found('MOREAU')).toEqual([ids.elise]);
    expect(await found('oreA')).toEqual([ids.elise]);
    expect(await found('kidney dis')).toEqual([ids.omar]);
    expect(await found('5550188')).toEqual([ids.omar]);
    expect(await found('clinic.fr')).toEqual([ids.elise]);
    expect(await found('nobody-has-this')).toEqual([]);
  });

  it('finds a phone typed with separators', async () => {
    expect(await found('(212) 555-01')).toEqual([ids.omar]);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await found('100%')).toEqual([ids.percent]);
    expect(await found('r_s')).toEqual([ids.percent]);
    expect(await found('%')).toEqual([ids.percent]);
  });

  it('pages a search and keeps q in the Link', async () => {
    const page = await list(searcher.headers, '?q=filler&limit=15');
    expect(page.total).toBe(40);
    expect(page.items).toHaveLength(15);
    expect(page.next).toContain('q=filler');
    const rest = await list(searcher.headers, page.next!.replace('/api/records/patients', ''));
    expect(rest.items.every((p) => p.name.startsWith('Filler'))).toBe(true);
  });

  it('answers the whole list for an empty q and rejects a q over 100 characters', async () => {
    expect((await list(searcher.headers, '?q=%20')).total).toBe(43);
    const long = await list(searcher.headers, `?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: 'q must be at most 100 characters' });
  });
});
