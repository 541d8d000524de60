import { describe, expect, it } from 'vitest';
import {
  nextOccurrenceAfter,
  occurrenceDates,
  RRULE_MESSAGES,
  rruleProblem,
  simpleRecurrence,
} from './care-plan-rrule.ts';
import { ZCarePlanInput } from './care-plan.ts';

describe('rruleProblem', () => {
  it('accepts the rules of the presets and common custom ones', () => {
    for (const rule of [
      '',
      'FREQ=MONTHLY;INTERVAL=3',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
      'FREQ=MONTHLY;BYDAY=2TU',
      'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR',
      'FREQ=DAILY;COUNT=10',
      'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1',
      'freq=daily;until=20270101',
    ])
      expect(rruleProblem(rule), rule).toBeNull();
  });

  it('names what is wrong: not a rule, sub-daily, DTSTART, too long, outside the safe subset', () => {
    expect(rruleProblem('every month')).toBe(RRULE_MESSAGES.invalid);
    expect(rruleProblem('INTERVAL=2')).toBe(RRULE_MESSAGES.invalid);
    expect(rruleProblem('FREQ=HOURLY')).toBe(RRULE_MESSAGES.tooFrequent);
    expect(rruleProblem('DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY')).toBe(
      RRULE_MESSAGES.hasStart,
    );
    expect(rruleProblem(`FREQ=DAILY;BYDAY=${'MO,'.repeat(100)}TU`)).toBe(RRULE_MESSAGES.tooLong);
    // Each of these never (or hardly ever) matches: rrule would iterate to the year 9999.
    for (const rule of [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=MONTHLY;BYDAY=5TU',
      'FREQ=DAILY;INTERVAL=7;BYDAY=TU',
      'FREQ=MONTHLY;INTERVAL=12;BYMONTH=2',
      'FREQ=DAILY;BYHOUR=3',
      'FREQ=DAILY;COUNT=5000',
    ])
      expect(rruleProblem(rule), rule).toBe(RRULE_MESSAGES.unsupported);
  });

  it('is the message of the activity field in the shared schema', () => {
    const result = ZCarePlanInput.safeParse({
      title: 'Diabetes',
      activities: [{ title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=SOMETIMES' }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['activities', 0, 'rrule'],
      message: RRULE_MESSAGES.invalid,
    });
  });
});

describe('occurrenceDates', () => {
  it('gives the start alone for a one-off activity, inside the window only', () => {
    expect(
      occurrenceDates({ start: '2026-03-02', rrule: '', from: '2026-03-01', to: '2026-03-31' }),
    ).toEqual(['2026-03-02']);
    expect(
      occurrenceDates({ start: '2026-03-02', rrule: '', from: '2026-03-03', to: '2026-03-31' }),
    ).toEqual([]);
  });

  it('expands every 3 months from the start', () => {
    expect(
      occurrenceDates({
        start: '2026-01-15',
        rrule: 'FREQ=MONTHLY;INTERVAL=3',
        from: '2026-01-01',
        to: '2026-12-31',
      }),
    ).toEqual(['2026-01-15', '2026-04-15', '2026-07-15', '2026-10-15']);
  });

  it('skips ahead whole periods yet yields the same days as walking from the start', () => {
    for (const [start, rrule] of [
      ['2025-03-31', 'FREQ=MONTHLY;INTERVAL=5'],
      ['2025-03-19', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU'],
      ['2025-03-17', 'FREQ=DAILY;INTERVAL=11'],
      ['2024-02-29', 'FREQ=YEARLY;INTERVAL=4'],
      ['2025-05-10', 'FREQ=MONTHLY;BYDAY=-1FR'],
      ['2025-05-10', 'FREQ=YEARLY;BYMONTH=3,9'],
    ] as const) {
      const walked = occurrenceDates({ start, rrule, from: '2025-01-01', to: '2028-12-31' }).filter(
        (day) => day >= '2027-06-01',
      );
      expect(
        occurrenceDates({ start, rrule, from: '2027-06-01', to: '2028-12-31' }),
        rrule,
      ).toEqual(walked);
    }
  });

  it('caps one expansion at 400 occurrences', () => {
    expect(
      occurrenceDates({
        start: '2026-01-01',
        rrule: 'FREQ=DAILY',
        from: '2026-01-01',
        to: '2027-12-31',
      }),
    ).toHaveLength(400);
  });

  it('counts a COUNT rule from its start', () => {
    expect(
      occurrenceDates({
        start: '2026-01-01',
        rrule: 'FREQ=DAILY;COUNT=3',
        from: '2026-01-02',
        to: '2026-01-31',
      }),
    ).toEqual(['2026-01-02', '2026-01-03']);
  });
});

describe('simpleRecurrence', () => {
  it('reads the rules a summary can say in words, and no others', () => {
    expect(simpleRecurrence('FREQ=MONTHLY;INTERVAL=3')).toEqual({ freq: 'monthly', interval: 3 });
    expect(simpleRecurrence('FREQ=DAILY;COUNT=5')).toEqual({
      freq: 'daily',
      interval: 1,
      count: 5,
    });
    expect(simpleRecurrence('FREQ=WEEKLY;BYDAY=MO')).toBeNull();
  });
});

describe('nextOccurrenceAfter', () => {
  it('finds the first day after a given one, the same day the full expansion has', () => {
    const rules = [
      ['2026-01-15', ''],
      ['2026-01-15', 'FREQ=DAILY'],
      ['2026-01-15', 'FREQ=MONTHLY;INTERVAL=3'],
      ['2026-01-31', 'FREQ=MONTHLY'],
      ['2026-01-05', 'FREQ=WEEKLY;BYDAY=MO,TH'],
      ['2026-01-01', 'FREQ=MONTHLY;BYDAY=2TU'],
      ['2026-02-28', 'FREQ=YEARLY'],
      ['2026-01-01', 'FREQ=DAILY;COUNT=10'],
      ['2026-01-01', 'FREQ=DAILY;UNTIL=20260301'],
    ] as const;
    for (const [start, rrule] of rules) {
      for (const after of ['2025-12-01', '2026-01-15', '2026-02-28', '2026-07-04']) {
        const expected =
          occurrenceDates({ start, rrule, from: after, to: '2027-06-30' }).find(
            (day) => day > after,
          ) ?? null;
        expect(nextOccurrenceAfter({ start, rrule, after }), `${rrule} after ${after}`).toBe(
          expected,
        );
      }
    }
  });
});
