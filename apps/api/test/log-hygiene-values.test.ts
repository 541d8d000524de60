import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_PERSONAL_COLUMNS, textColumns } from '../../../scripts/log-hygiene-values.mjs';
import { createTestApp, storedSensitiveValues, type TestContext } from './app.ts';
import { bookingPractitioner } from './factories/appointments.ts';
import { createAllergy, createPrescription } from './factories/clinical.ts';
import { createCarePlan } from './factories/care-plans.ts';
import { createVisit } from './factories/visits.ts';

/**
 * The values the log-hygiene check looks for come from the database schema: every text and
 * jsonb column, less a reviewed list of columns without personal data. So clinical text (a
 * visit note, an allergy, a care plan goal) is covered, and so is a table nobody listed.
 */

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/check-log-hygiene.mjs');
const NOTE = 'Quenby reports nocturnal wheeze since the flat was repainted';
const GOAL = 'Walk to the harbour without stopping';

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  // Its logs are not the suite's: the test below logs a note on purpose.
  ctx = await createTestApp({ shareLogs: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-log-values-'));
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the check over `logLines` with the values stored in the app's database. */
async function check(logLines: string[]) {
  fs.writeFileSync(path.join(dir, 'api-logs.jsonl'), `${logLines.join('\n')}\n`);
  const values = await storedSensitiveValues(ctx.database);
  fs.writeFileSync(
    path.join(dir, 'api-sensitive.jsonl'),
    `${JSON.stringify({ values, secrets: [] })}\n`,
  );
  const run = spawnSync(process.execPath, [SCRIPT, '--dir', dir, '--only', 'api'], {
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the values the log-hygiene check looks for', () => {
  it("catches a log line carrying a visit note's text", async () => {
    const { headers, patient } = await bookingPractitioner(ctx);
    await createVisit(ctx, headers, patient._id, { subjective: NOTE });
    const line = JSON.stringify({ level: 30, msg: 'visit saved', body: { subjective: NOTE } });
    const { status, output } = await check([line]);
    expect(output).toContain('✗ api: no patient or profile field value');
    expect(output).toMatch(/api-logs\.jsonl:1 Quen…\(\d+ chars\)/);
    expect(status).toBe(1);
  });

  it('covers allergies and the strings inside a care plan’s goals, but not ids, dates or statuses', async () => {
    const { headers, patient, create } = await bookingPractitioner(ctx, { isMember: true });
    await createAllergy(ctx, headers, patient._id, { substance: 'Chlorhexidine' });
    const plan = await createCarePlan(ctx, headers, patient._id, {
      goals: [{ text: GOAL, targetDate: '2026-12-31' }],
    });
    await create({ reason: 'Wheeze review' });
    const values = await storedSensitiveValues(ctx.database);
    expect(values).toEqual(expect.arrayContaining(['Chlorhexidine', GOAL, 'Wheeze review']));
    expect(values).not.toContain(plan.goals[0]!.id);
    expect(values).not.toContain('2026-12-31');
    expect(values).not.toContain('booked');
    expect(values).not.toContain('active');
  });

  it('leaves out the kind of record an audit event is about, and of the record it also names', async () => {
    const { headers, patient } = await bookingPractitioner(ctx);
    await createAllergy(ctx, headers, patient._id, { substance: 'Penicillin' });
    await createPrescription(ctx, headers, patient._id, {
      medication: 'Penicillin V',
      allergyAcknowledged: true,
    });
    const { rows } = await ctx.database.pool.query<{ kinds: string[] }>(
      `select array_agg(distinct subject_kind) || array_agg(distinct related_kind) as kinds
         from audit_events where actor_id = (select owner_id from patients where id = $1)`,
      [patient._id],
    );
    expect(rows[0]!.kinds).toEqual(expect.arrayContaining(['allergy', 'prescription']));
    const values = await storedSensitiveValues(ctx.database);
    expect(values).not.toContain('allergy');
    expect(values).not.toContain('prescription');
  });

  it('covers a table added later without any change to the check', async () => {
    await ctx.database.pool.query(
      `create table later_entity (id serial primary key, summary text);
       insert into later_entity (summary) values ('Hereditary angioedema episode')`,
    );
    try {
      expect(await storedSensitiveValues(ctx.database)).toContain('Hereditary angioedema episode');
    } finally {
      await ctx.database.pool.query('drop table later_entity');
    }
  });

  it('names only columns that exist, each a text or jsonb column', async () => {
    const columns = new Set(
      (await textColumns(ctx.database.pool)).map(({ table, column }) => `${table}.${column}`),
    );
    expect([...NON_PERSONAL_COLUMNS].filter((name) => !columns.has(name))).toEqual([]);
  });
});
