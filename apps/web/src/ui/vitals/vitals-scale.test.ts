import { describe, expect, it } from 'vitest';
import { calendarTicks, niceTicks } from './vitals-scale.ts';

const local = (...parts: [number, number, number]) => new Date(...parts).getTime();

describe('niceTicks', () => {
  it('covers the values with round steps', () => {
    expect(niceTicks(75.2, 84, 4)).toEqual([75, 80, 85]);
    expect(niceTicks(84, 150, 4)).toEqual([80, 100, 120, 140, 160]);
  });

  it('spans one unit around a single value, without float noise', () => {
    expect(niceTicks(72.5, 72.5, 4)).toEqual([71.5, 72, 72.5, 73, 73.5]);
    expect(niceTicks(0.1, 0.3, 2)).toEqual([0.1, 0.2, 0.3]);
  });
});

describe('calendarTicks', () => {
  it('puts the ticks on the 1st of every other month (March, May…) for a year at eight ticks', () => {
    const { ticks, format } = calendarTicks(local(2025, 0, 10), local(2025, 11, 10), 8);
    expect(ticks).toEqual([2, 4, 6, 8, 10].map((month) => local(2025, month, 1)));
    expect(format).toEqual({ month: 'short', year: 'numeric' });
  });

  it('counts years on a long history, and days on a short one', () => {
    expect(calendarTicks(local(2010, 5, 1), local(2026, 2, 1), 6).ticks).toEqual(
      [2015, 2020, 2025].map((year) => local(year, 0, 1)),
    );
    const days = calendarTicks(local(2026, 2, 1), local(2026, 2, 8), 8);
    expect(days.ticks).toHaveLength(8);
    expect(days.format).toEqual({ day: 'numeric', month: 'short' });
  });

  it('falls back to the first and last times when no two boundaries fit, and one time alone', () => {
    const [start, end] = [local(2025, 0, 10), local(2025, 11, 10)];
    expect(calendarTicks(start, end, 2).ticks).toEqual([start, end]);
    expect(calendarTicks(start, start, 5).ticks).toEqual([start]);
  });
});
