import { describe, expect, it } from 'vitest';
import { dayIn } from './start-day.ts';

describe('dayIn', () => {
  it("is today on the practitioner's clock, not on UTC's", () => {
    const lateMondayInUtc = new Date('2026-03-02T23:30:00Z');
    expect(dayIn('Asia/Tokyo', lateMondayInUtc)).toEqual({
      date: '2026-03-03',
      from: '2026-03-02T15:00:00.000Z',
      to: '2026-03-03T15:00:00.000Z',
    });
    expect(dayIn('America/Los_Angeles', lateMondayInUtc)).toEqual({
      date: '2026-03-02',
      from: '2026-03-02T08:00:00.000Z',
      to: '2026-03-03T08:00:00.000Z',
    });
  });

  it('spans 23 hours on the day the clocks go forward', () => {
    expect(dayIn('Europe/Berlin', new Date('2026-03-29T12:00:00Z'))).toEqual({
      date: '2026-03-29',
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
  });
});
