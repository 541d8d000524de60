import type pg from 'pg';

const RUNS = 5;

/** Median execution time at the database of the SQL `run` sends last. */
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
  const { text, values } = captured.at(-1)!;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await original(`explain (analyze, buffers) ${text}`, values);
    const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
    if (process.env.SHOW_PLANS && i === 0) console.log(lines.join('\n'));
    times.push(Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1)!)?.[1]));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)]!;
}
