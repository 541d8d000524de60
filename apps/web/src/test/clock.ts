import { vi } from 'vitest';

/** Monday 2 March 2026, 08:00 in Berlin: "now" for the tests of a practitioner in that zone. */
export const MONDAY_MORNING_IN_BERLIN = '2026-03-02T07:00:00Z';

/**
 * Fakes `Date` only, at `now`: timers stay real, so a screen's own waits still run. The real
 * clock comes back after each test (setup.ts).
 */
export function fakeDateAt(now: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
}
