import type pg from 'pg';
import { median, RUNS } from './median.ts';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the repository's own SQL: `run` calls a repository function,
 * every statement it sends is explained `RUNS` times, and the median of the summed execution
 * times is answered. `SHOW_PLANS=1` prints the first run's plans.
 */
export async function explainMedian(pool: pg.Pool, run: () => Promise<unknown>): Promise<number> {
  const captured: { text: string; values: unknown[] }[] = [];
  const original = pool.query.bind(pool) as (
    config: unknown,
    values?: unknown,
  ) => Promise<pg.QueryResult>;
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const params = (values ?? (config as { values?: unknown[] }).values ?? []) as unknown[];
    captured.push({ text, values: params });
    return original(config, values);
  };
  try {
    await run();
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  // Every statement of the call (a visit page reads its addenda too), summed per run.
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    let total = 0;
    for (const { text, values } of captured) {
      const result = await original(`explain (analyze, buffers) ${text}`, values);
      const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
      if (process.env.SHOW_PLANS && i === 0) console.log(lines.join('\n'));
      total += Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1)!)?.[1]);
    }
    times.push(total);
  }
  return median(times);
}
