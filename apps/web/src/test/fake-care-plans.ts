import { http, type HttpHandler } from 'msw';
import {
  ZCarePlanInput,
  ZOccurrenceMarkInput,
  ZOccurrenceQuery,
  type TCarePlan,
  type TCarePlanInput,
  type TOccurrence,
  type TTodayItem,
} from '@portal/shared/care-plan';
import { occurrenceDates } from '@portal/shared/care-plan-rrule';
import { ERRORS } from '@portal/shared/errors';
import { addDays } from '@portal/shared/zoned-time';
import { fakeSequence, invalid, json, refuse } from './http.ts';

/**
 * Care plans in memory, served by `carePlanHandlers`: members only (402
 * `PREMIUM_REQUIRED` otherwise, as the API), create and replace validated by the shared schema
 * (400 with `fieldErrors`), occurrences computed by the shared rule code over the asked window
 * (`from`/`to`, by default a month back and three ahead), marks (done or skipped only on the day
 * or after it: 409 `OCCURRENCE_NOT_YET_DUE`), and Today.
 */

const { nextId, newRecord } = fakeSequence('ca4e0000', '2026-01-01T00:00:00.000Z');

export class FakeCarePlans {
  readonly plans: TCarePlan[] = [];
  readonly marks = new Map<string, { mark: 'done' | 'skipped'; markedAt: string }>();
  /** Whether the signed-in user is a member, as the server reads it. */
  isMember: () => boolean;
  /** Today, as the server's clock and the user's zone say. */
  today = '2026-04-15';

  constructor({
    isMember,
    patientName,
  }: {
    isMember: () => boolean;
    patientName: (id: string) => string | undefined;
  }) {
    this.isMember = isMember;
    this.patientName = patientName;
  }

  readonly patientName: (id: string) => string | undefined;

  add(patientId: string, input: Partial<TCarePlanInput> = {}): TCarePlan {
    const data = ZCarePlanInput.parse({ title: 'Diabetes follow-up', ...input });
    const plan: TCarePlan = {
      ...data,
      goals: data.goals.map((goal) => ({ ...goal, id: goal.id ?? nextId() })),
      activities: data.activities.map((activity) => ({ ...activity, id: activity.id ?? nextId() })),
      ...newRecord(patientId),
    };
    this.plans.unshift(plan);
    return plan;
  }

  /** Due and overdue occurrences of the active plans (of one patient), up to 90 days back. */
  dueOccurrences(patientId?: string): TTodayItem[] {
    return this.plans
      .filter((plan) => plan.status === 'active' && (!patientId || plan.patientId === patientId))
      .flatMap((plan) =>
        this.occurrences(plan, addDays(this.today, -90), this.today)
          .filter((o) => o.state === 'due' || o.state === 'overdue')
          .map((o) => ({
            ...o,
            patientId: plan.patientId,
            patientName: this.patientName(plan.patientId) ?? '',
            carePlanTitle: plan.title,
          })),
      );
  }

  occurrences(plan: TCarePlan, from: string, to: string): TOccurrence[] {
    return plan.activities
      .flatMap((activity) =>
        occurrenceDates({ start: activity.start, rrule: activity.rrule, from, to }).map((date) => {
          const mark = this.marks.get(`${plan._id}/${activity.id}/${date}`);
          return {
            carePlanId: plan._id,
            activityId: activity.id,
            activityTitle: activity.title,
            date,
            state:
              mark?.mark ??
              (date < this.today ? 'overdue' : date === this.today ? 'due' : 'upcoming'),
            markedBy: mark ? { id: 'me', name: 'Dr Lena Weber' } : null,
            markedAt: mark?.markedAt ?? null,
          } as TOccurrence;
        }),
      )
      .sort((a, b) => a.date.localeCompare(b.date));
  }
}

/** A refusal with the API's status and English message, which the screen shows as sent. */
const refuseAsApi = (code: 'OCCURRENCE_NOT_FOUND' | 'OCCURRENCE_NOT_YET_DUE') =>
  json({ message: ERRORS[code].message, code }, { status: ERRORS[code].status });

export function carePlanHandlers(fake: FakeCarePlans): HttpHandler[] {
  const base = '/api/records/patients/:id/care-plans';
  const gate = () => (fake.isMember() ? undefined : refuse('PREMIUM_REQUIRED', 402));
  /** For a member, the patient's plan the path names (else 404); for anyone else, 402. */
  const planOf = (params: Record<string, unknown>): { plan: TCarePlan } | { refusal: Response } => {
    const refused = gate();
    if (refused) return { refusal: refused };
    const plan = fake.plans.find(
      (one) => one.patientId === String(params.id) && one._id === String(params.carePlanId),
    );
    return plan ? { plan } : { refusal: refuse('CARE_PLAN_NOT_FOUND', 404) };
  };
  return [
    http.get(
      base,
      ({ params }) => gate() ?? json(fake.plans.filter((plan) => plan.patientId === params.id)),
    ),
    http.post(base, async ({ params, request }) => {
      const refused = gate();
      if (refused) return refused;
      const parsed = ZCarePlanInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      return json(fake.add(String(params.id), parsed.data), { status: 201 });
    }),
    http.put(`${base}/:carePlanId`, async ({ params, request }) => {
      const found = planOf(params);
      if ('refusal' in found) return found.refusal;
      const { plan } = found;
      if (request.headers.get('if-match') !== `"${plan.updatedAt}"`)
        return refuse('CARE_PLAN_CHANGED', 409);
      const parsed = ZCarePlanInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(plan, {
        ...parsed.data,
        goals: parsed.data.goals.map((goal) => ({ ...goal, id: goal.id ?? nextId() })),
        activities: parsed.data.activities.map((activity) => ({
          ...activity,
          id: activity.id ?? nextId(),
        })),
        updatedAt: new Date(Date.parse(plan.updatedAt) + 1).toISOString(),
      });
      return json(plan);
    }),
    http.get(`${base}/:carePlanId/occurrences`, ({ params, request }) => {
      const found = planOf(params);
      if ('refusal' in found) return found.refusal;
      const { plan } = found;
      const query = ZOccurrenceQuery.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!query.success) return invalid(query.error);
      const { from, to } = query.data;
      // The API's defaults: a month back and three ahead of today, or of the one day given.
      const first = from ?? addDays(to ?? fake.today, to ? -120 : -30);
      const last = to ?? addDays(from ?? fake.today, from ? 120 : 90);
      return json(fake.occurrences(plan, first, last));
    }),
    http.put(`${base}/:carePlanId/occurrences`, async ({ params, request }) => {
      const found = planOf(params);
      if ('refusal' in found) return found.refusal;
      const { plan } = found;
      const parsed = ZOccurrenceMarkInput.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      const { activityId, date, mark } = parsed.data;
      const occurrence = fake
        .occurrences(plan, date, date)
        .find((o) => o.activityId === activityId);
      if (!occurrence) return refuseAsApi('OCCURRENCE_NOT_FOUND');
      if (mark !== 'due' && date > fake.today) return refuseAsApi('OCCURRENCE_NOT_YET_DUE');
      const key = `${plan._id}/${activityId}/${date}`;
      if (mark === 'due') fake.marks.delete(key);
      else fake.marks.set(key, { mark, markedAt: `${fake.today}T09:00:00.000Z` });
      return json(fake.occurrences(plan, date, date).find((o) => o.activityId === activityId));
    }),
    http.get('/api/premier/today', () => {
      const refused = gate();
      if (refused) return refused;
      const items = fake.dueOccurrences();
      items.sort(
        (a, b) => a.date.localeCompare(b.date) || a.patientName.localeCompare(b.patientName),
      );
      return json({ date: fake.today, items, isTruncated: false });
    }),
  ];
}
