import { describe, expect, it } from 'vitest';
import {
  CARE_PLAN_LIMITS,
  type TCarePlan,
  type TOccurrence,
  type TToday,
} from '@portal/shared/care-plan';
import { RRULE_MESSAGES } from '@portal/shared/care-plan-rrule';
import { signIn, useTestApp } from '../../../test/app.ts';
import { becomeMember } from '../../../test/factories/billing.ts';
import {
  carePlanInput,
  carePlansUrl,
  createCarePlan,
  markOccurrence,
  occurrencesUrl,
  postCarePlan,
  putCarePlan,
} from '../../../test/factories/care-plans.ts';
import { createPatient, trashPatient } from '../../../test/factories/patients.ts';
import { auditTrail, practitioner } from '../../../test/patient-resources.ts';

// Today is 15 April 2026 (noon in UTC): the HbA1c test every 3 months from 15 January is due.
const ctx = useTestApp({ deps: { now: () => new Date('2026-04-15T12:00:00Z') } });

/** Care plans are for premium members only. */
const member = (name = 'Amina Yusuf') => practitioner(ctx, { name, isMember: true });

describe('the care-plan routes', () => {
  it('are all members-only (the gate, tested in require-premium.test.ts, answers 402 on each)', () => {
    const plans = '/api/records/patients/:id/care-plans';
    const gated = ctx.app.membersOnlyRoutes.map(({ method, url }) => `${method} ${url}`);
    expect(gated).toEqual(
      expect.arrayContaining([
        `GET ${plans}`,
        `POST ${plans}`,
        `GET ${plans}/:carePlanId`,
        `PUT ${plans}/:carePlanId`,
        `GET ${plans}/:carePlanId/occurrences`,
        `PUT ${plans}/:carePlanId/occurrences`,
        'GET /api/premier/today',
      ]),
    );
  });

  it('declare their 409 answers in the OpenAPI document: the limit on a create or an update, a day to come on a mark', async () => {
    const document = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    const plans = '/api/records/patients/{id}/care-plans';
    const conflictOf = (path: string, method: string) =>
      document.paths[path]?.[method]?.responses['409']?.description;
    expect(conflictOf(plans, 'post')).toContain('CARE_PLAN_LIMIT');
    expect(conflictOf(`${plans}/{carePlanId}`, 'put')).toContain('CARE_PLAN_LIMIT');
    expect(conflictOf(`${plans}/{carePlanId}/occurrences`, 'put')).toContain(
      'OCCURRENCE_NOT_YET_DUE',
    );
  });
});

describe('POST /api/records/patients/:id/care-plans', () => {
  it('creates a plan with goals and activities, each with an id of its own', async () => {
    const { headers, patient } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id);
    // The factory's title, goals and activities, as sent.
    expect(plan).toMatchObject({ ...carePlanInput(), patientId: patient._id, status: 'active' });
    const ids = [...plan.goals, ...plan.activities].map((item) => item.id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses a bad recurrence rule with a clear 400 on its field, and stores nothing', async () => {
    const { headers, patient } = await member();
    const response = await postCarePlan(ctx, headers, patient._id, {
      activities: [
        { title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'activities.0.rrule': RRULE_MESSAGES.unsupported,
    });
    const hourly = await postCarePlan(ctx, headers, patient._id, {
      activities: [{ title: 'Pulse', start: '2026-01-15', rrule: 'FREQ=HOURLY' }],
    });
    expect(hourly.json().fieldErrors).toEqual({ 'activities.0.rrule': RRULE_MESSAGES.tooFrequent });
    const list = await ctx.app.inject({ url: carePlansUrl(patient._id), headers });
    expect(list.json()).toEqual([]);
  });
});

describe('the limit of active plans per patient', () => {
  it('answers 409 CARE_PLAN_LIMIT to a 51st active plan, created or reactivated, and stores nothing', async () => {
    const { headers, patient } = await member();
    const one = { title: 'Check', activities: [] };
    for (let index = 0; index < CARE_PLAN_LIMITS.activePlansMax; index += 1)
      expect((await postCarePlan(ctx, headers, patient._id, one)).statusCode).toBe(201);
    const refused = await postCarePlan(ctx, headers, patient._id, one);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'CARE_PLAN_LIMIT',
      message:
        'This patient already has 50 active care plans. Put one on hold or complete it before adding another active plan.',
    });
    const onHold = await createCarePlan(ctx, headers, patient._id, { ...one, status: 'on-hold' });
    const reactivated = await putCarePlan(ctx, headers, onHold, { ...one, status: 'active' });
    expect(reactivated.statusCode).toBe(409);
    expect(reactivated.json().code).toBe('CARE_PLAN_LIMIT');
    const { rows } = await ctx.database.pool.query(
      `select status, count(*)::int as plans from care_plans where patient_id = $1 group by status order by status`,
      [patient._id],
    );
    expect(rows).toEqual([
      { status: 'active', plans: 50 },
      { status: 'on-hold', plans: 1 },
    ]);
    const [latest] = await auditTrail(ctx, headers);
    expect(latest).toMatchObject({ action: 'update', outcome: 'conflict', carePlanId: onHold._id });
    // An active plan stays editable at the limit; another patient has a limit of its own.
    const [first] = (
      await ctx.app.inject({ url: `${carePlansUrl(patient._id)}?status=active`, headers })
    ).json();
    expect((await putCarePlan(ctx, headers, first, { ...one, title: 'Renamed' })).statusCode).toBe(
      200,
    );
    const other = await createPatient(ctx, headers, { name: 'Bruno Costa' });
    expect((await postCarePlan(ctx, headers, other._id, one)).statusCode).toBe(201);
  });
});

describe('PUT /api/records/patients/:id/care-plans/:carePlanId', () => {
  it('replaces the plan, keeps the goal and activity ids sent back and gives the others new ones', async () => {
    const { headers, patient } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id);
    const changed = await putCarePlan(ctx, headers, plan, {
      title: 'Diabetes',
      goals: [{ ...plan.goals[0]!, text: 'HbA1c below 6.5%' }],
      activities: [
        { ...plan.activities[0]!, title: 'HbA1c blood test' },
        { title: 'Foot check', start: '2026-05-01' },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const updated = changed.json() as TCarePlan;
    expect(updated.title).toBe('Diabetes');
    expect(updated.goals).toEqual([{ ...plan.goals[0]!, text: 'HbA1c below 6.5%' }]);
    expect(updated.activities[0]).toEqual({ ...plan.activities[0]!, title: 'HbA1c blood test' });
    expect(updated.activities[1]!.id).not.toBe(plan.activities[1]!.id);
  });
});

describe('occurrences and Today', () => {
  it("answers 404 to reading or marking the occurrences of someone else's plan, changes nothing and audits the denial", async () => {
    const owner = await member();
    const plan = await createCarePlan(ctx, owner.headers, owner.patient._id);
    const other = await member('Omar Haddad');
    const mark = { activityId: plan.activities[0]!.id, date: '2026-04-15', mark: 'done' };
    const attempts = [
      ['GET', occurrencesUrl(owner.patient._id, plan._id), 'PATIENT_NOT_FOUND'],
      ['GET', occurrencesUrl(other.patient._id, plan._id), 'CARE_PLAN_NOT_FOUND'],
      ['PUT', occurrencesUrl(other.patient._id, plan._id), 'CARE_PLAN_NOT_FOUND'],
    ] as const;
    for (const [method, url, code] of attempts) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: other.headers,
        ...(method === 'PUT' && { payload: mark }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe(code);
    }
    const denied = (await auditTrail(ctx, other.headers)).filter((e) => e.outcome === 'denied');
    expect(denied.map((e) => e.action)).toEqual(['update', 'read', 'read']);
    const mine = await ctx.app.inject({
      url: occurrencesUrl(owner.patient._id, plan._id, '?from=2026-04-15&to=2026-04-15'),
      headers: owner.headers,
    });
    expect((mine.json() as TOccurrence[]).map((o) => o.state)).toEqual(['due']);
  });

  it('computes occurrences from the rule, marks one done (who and when), another skipped, and takes a mark back', async () => {
    const { headers, patient, user } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id);
    const [hba1c, eyes] = plan.activities;
    const list = await ctx.app.inject({
      url: occurrencesUrl(patient._id, plan._id, '?from=2026-01-01&to=2026-12-31'),
      headers,
    });
    expect(list.statusCode).toBe(200);
    const occurrences = list.json() as TOccurrence[];
    expect(occurrences.map((o) => [o.activityTitle, o.date, o.state])).toEqual([
      ['HbA1c test', '2026-01-15', 'overdue'],
      ['Eye examination', '2026-03-02', 'overdue'],
      ['HbA1c test', '2026-04-15', 'due'],
      ['HbA1c test', '2026-07-15', 'upcoming'],
      ['HbA1c test', '2026-10-15', 'upcoming'],
    ]);

    const mark = (activityId: string, date: string, value: string) =>
      markOccurrence(ctx, headers, plan, { activityId, date, mark: value });
    const done = await mark(hba1c!.id, '2026-04-15', 'done');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      state: 'done',
      date: '2026-04-15',
      markedBy: { id: user._id, name: user.name },
      markedAt: '2026-04-15T12:00:00.000Z',
    });
    expect((await mark(eyes!.id, '2026-03-02', 'skipped')).json().state).toBe('skipped');
    const notADay = await mark(hba1c!.id, '2026-04-16', 'done');
    expect(notADay.statusCode).toBe(404);
    expect(notADay.json().code).toBe('OCCURRENCE_NOT_FOUND');
    for (const value of ['done', 'skipped']) {
      const early = await mark(hba1c!.id, '2026-07-15', value);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        code: 'OCCURRENCE_NOT_YET_DUE',
        message: 'This day has not come yet. Mark an activity done or skipped on its day or later.',
      });
    }
    // Taking a mark back stays allowed on any day of the activity's.
    expect((await mark(hba1c!.id, '2026-07-15', 'due')).json().state).toBe('upcoming');

    const today = (await ctx.app.inject({ url: '/api/premier/today', headers })).json() as TToday;
    expect(today.date).toBe('2026-04-15');
    expect(
      today.items.map((item) => [item.patientName, item.activityTitle, item.date, item.state]),
    ).toEqual([['Amina Yusuf', 'HbA1c test', '2026-01-15', 'overdue']]);
    expect(today.items[0]).toMatchObject({
      carePlanTitle: 'Type 2 diabetes follow-up',
      patientId: patient._id,
    });

    expect((await mark(hba1c!.id, '2026-04-15', 'due')).json()).toMatchObject({
      state: 'due',
      markedBy: null,
    });
    const again = (await ctx.app.inject({ url: '/api/premier/today', headers })).json() as TToday;
    expect(again.items.map((item) => item.date)).toEqual(['2026-01-15', '2026-04-15']);
  });

  it('leaves plans that are not active, and trashed patients, off Today; audits each patient listed', async () => {
    const { headers, patient } = await member();
    await createCarePlan(ctx, headers, patient._id, { status: 'on-hold' });
    const trashed = await createPatient(ctx, headers, { name: 'Bruno Costa' });
    await createCarePlan(ctx, headers, trashed._id);
    await trashPatient(ctx, headers, trashed._id);
    const shown = await createPatient(ctx, headers, { name: 'Chen Wei' });
    await createCarePlan(ctx, headers, shown._id, {
      activities: [{ title: 'Blood pressure', start: '2026-04-14', rrule: 'FREQ=DAILY' }],
    });
    const response = await ctx.app.inject({ url: '/api/premier/today', headers });
    expect(response.headers['cache-control']).toBe('no-store');
    const today = response.json() as TToday;
    expect(today.items.map((item) => [item.patientName, item.date])).toEqual([
      ['Chen Wei', '2026-04-14'],
      ['Chen Wei', '2026-04-15'],
    ]);
    const [latest] = await auditTrail(ctx, headers);
    expect(latest).toMatchObject({ action: 'list', outcome: 'success', patientId: shown._id });
  });

  it("reads today in the practitioner's time zone", async () => {
    const session = await signIn(ctx, { timeZone: 'Pacific/Kiritimati' });
    await becomeMember(ctx, session.headers);
    const today = (
      await ctx.app.inject({ url: '/api/premier/today', headers: session.headers })
    ).json() as TToday;
    // Noon UTC is already the next day at UTC+14.
    expect(today.date).toBe('2026-04-16');
  });

  it('refuses a window over 366 days or the wrong way round', async () => {
    const { headers, patient } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id);
    for (const query of [
      '?from=2026-01-01&to=2027-06-01',
      '?from=2026-05-01&to=2026-04-01',
      '?from=soon',
    ]) {
      const response = await ctx.app.inject({
        url: occurrencesUrl(patient._id, plan._id, query),
        headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
