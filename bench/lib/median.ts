/** Runs of each query or call the database benches measure; the median of them is reported. */
export const RUNS = 5;

/** The middle of `values` once sorted (of an even count, the upper of the two middle ones). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall time of `run` (round trips and JavaScript included), median of `RUNS` runs. */
export async function wallMedian(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}
