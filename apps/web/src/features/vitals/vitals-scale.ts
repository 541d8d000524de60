/**
 * The chart's arithmetic, kept apart from React: round axis ticks, and evenly spread times.
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

/** `count` times spread evenly from `start` to `end` (one time if they are the same). */
export function timeTicks(start: number, end: number, count: number): number[] {
  if (start === end || count < 2) return [start === end ? start : (start + end) / 2];
  return Array.from({ length: count }, (_, index) => start + ((end - start) * index) / (count - 1));
}

/** How a time tick is written: the coarsest form that still tells the ticks apart. */
export function timeTickFormat(start: number, end: number): Intl.DateTimeFormatOptions {
  const days = (end - start) / 86_400_000;
  if (days > 3 * 365) return { year: 'numeric' };
  if (days > 60) return { month: 'short', year: 'numeric' };
  return { day: 'numeric', month: 'short' };
}

/** A linear map from [d0, d1] to [r0, r1]; a zero-width domain maps to the middle. */
export function linear(d0: number, d1: number, r0: number, r1: number) {
  return (value: number) =>
    d0 === d1 ? (r0 + r1) / 2 : r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}
