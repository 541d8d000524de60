/**
 * The chart's arithmetic, kept apart from React: round value ticks, calendar time ticks.
 */

/** About `count` round values (1, 2 or 5 × 10ⁿ apart) from at most `min` to at least `max`. */
export function niceTicks(min: number, max: number, count: number): number[] {
  // One value (or none apart) still needs a span: a unit around it.
  const [low, high] = min === max ? [min - 1, max + 1] : [min, max];
  const rough = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const first = Math.floor(low / step) * step;
  // Rounded to the step's decimals so 0.1 + 0.2 reads as 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  for (let value = first; ticks.length === 0 || ticks.at(-1)! < high; value += step)
    ticks.push(Number(value.toFixed(decimals)));
  return ticks;
}

const DAY = 86_400_000;

/** Tick steps from finest to coarsest, with their rough length in days. */
const STEPS = [
  ...[1, 2, 7, 14].map((step) => ({ unit: 'day', step, days: step })),
  ...[1, 2, 3, 6].map((step) => ({ unit: 'month', step, days: step * 30.4 })),
  ...[1, 2, 5, 10, 20, 50].map((step) => ({ unit: 'year', step, days: step * 365.25 })),
] as const;

const FORMATS: Record<(typeof STEPS)[number]['unit'], Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
};

/**
 * Time ticks on calendar boundaries (midnight, the 1st of a month, the 1st of January, in the
 * browser's time zone), at most `maxCount` of them from `start` to `end`, and how to write them.
 * When fewer than two boundaries fall inside, the first and last times are the ticks.
 */
export function calendarTicks(
  start: number,
  end: number,
  maxCount: number,
): { ticks: number[]; format: Intl.DateTimeFormatOptions } {
  const days = (end - start) / DAY;
  const choice = STEPS.find((one) => days / one.days <= Math.max(1, maxCount - 1)) ?? STEPS.at(-1)!;
  const first = new Date(start);
  const at =
    choice.unit === 'day'
      ? (n: number) =>
          new Date(first.getFullYear(), first.getMonth(), first.getDate() + n).getTime()
      : choice.unit === 'month'
        ? (n: number) => new Date(first.getFullYear(), first.getMonth() + n, 1).getTime()
        : (n: number) => new Date(first.getFullYear() + n, 0, 1).getTime();
  const ticks: number[] = [];
  for (let n = 0; at(n) <= end; n += 1) {
    const tick = at(n);
    if (tick < start) continue;
    const index =
      choice.unit === 'day'
        ? Math.round((tick - at(0)) / DAY)
        : choice.unit === 'month'
          ? new Date(tick).getFullYear() * 12 + new Date(tick).getMonth()
          : new Date(tick).getFullYear();
    if (index % choice.step === 0) ticks.push(tick);
  }
  if (ticks.length >= 2) return { ticks, format: FORMATS[choice.unit] };
  return {
    ticks: start === end ? [start] : [start, end],
    format: days > 60 ? FORMATS.month : FORMATS.day,
  };
}

/** A linear map from [d0, d1] to [r0, r1]; a zero-width domain maps to the middle. */
export function linear(d0: number, d1: number, r0: number, r1: number) {
  return (value: number) =>
    d0 === d1 ? (r0 + r1) / 2 : r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}
