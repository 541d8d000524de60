import { describe, expect, it } from 'vitest';
import {
  addDays,
  fromWallTime,
  isCalendarDate,
  isInDateYears,
  isTimeZone,
  minutesOfTime,
  toWallTime,
  weekdayOf,
} from './zoned-time.ts';

describe('zoned time', () => {
  it('knows IANA names and refuses offsets and unknown names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('+01:00')).toBe(false);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/'.padEnd(100, 'x'))).toBe(false);
  });

  it('reads 09:00 in Berlin as 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(fromWallTime({ date: '2026-03-23', time: '09:00' }, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-23T08:00:00.000Z',
    );
    expect(fromWallTime({ date: '2026-03-30', time: '09:00' }, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    expect(toWallTime('2026-03-30T07:00:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2026-03-30',
      time: '09:00',
    });
  });

  it('moves a time in the spring-forward gap on, and takes the earlier of a repeated time', () => {
    // 2026-03-08: New York's clocks jump from 02:00 to 03:00.
    expect(
      fromWallTime({ date: '2026-03-08', time: '02:30' }, 'America/New_York').toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
    // 2026-11-01: 01:30 happens twice (EDT, then EST); the first is meant.
    expect(
      fromWallTime({ date: '2026-11-01', time: '01:30' }, 'America/New_York').toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
  });

  it('handles half-hour zones, the end of a day and bad input', () => {
    expect(fromWallTime({ date: '2026-01-05', time: '09:00' }, 'Asia/Kolkata').toISOString()).toBe(
      '2026-01-05T03:30:00.000Z',
    );
    expect(fromWallTime({ date: '2026-01-05', time: '24:00' }, 'UTC').toISOString()).toBe(
      '2026-01-06T00:00:00.000Z',
    );
    expect(fromWallTime({ date: '2026-02-30', time: '09:00' }, 'UTC').getTime()).toBeNaN();
    expect(minutesOfTime('24:01')).toBeNaN();
    expect(minutesOfTime('17:30')).toBe(1050);
  });

  it('counts calendar days and weekdays', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-23')).toBe('monday');
    expect(weekdayOf('2026-11-29')).toBe('sunday');
  });
});

describe('isInDateYears', () => {
  it('accepts the years 1900 to 2200 and refuses the rest', () => {
    expect(['1900-01-01', '2200-12-31T23:59', '2026-03-02T09:00:00Z'].map(isInDateYears)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['1899-12-31', '2201-01-01', '9999-12-31T23:00:00Z', '0000-01-01'].map(isInDateYears),
    ).toEqual([false, false, false, false]);
  });
});

describe('wall-clock readings kept per day', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  /** What Intl itself reads, with no cache in between. */
  function intlWallTime(instant: number, timeZone: string) {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      formats.set(timeZone, format);
    }
    const parts = Object.fromEntries(
      format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  }

  it('read the same as Intl through every change of offset, whole and fractional, of a year', () => {
    // Zones whose clocks change by an hour, by half an hour (Lord Howe), at a quarter-hour offset
    // (Kathmandu, Chatham), in the southern summer, and one that skipped a whole day (Apia).
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/Santiago',
      'Pacific/Apia',
    ];
    const from = Date.UTC(2011, 0, 1);
    const to = Date.UTC(2012, 0, 1);
    for (const zone of zones) {
      // Every 97 minutes and 13 seconds: each day's readings fall at different minutes.
      const differing: string[] = [];
      for (let instant = from; instant < to; instant += 5_833_000) {
        const { date, time } = toWallTime(new Date(instant), zone);
        const expected = intlWallTime(instant, zone);
        if (`${date} ${time}` !== expected)
          differing.push(`${zone} ${instant}: ${date} ${time} ≠ ${expected}`);
      }
      expect(differing).toEqual([]);
    }
  });
});
