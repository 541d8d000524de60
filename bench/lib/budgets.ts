// The pages' budgets. A bench that measures a page checks it here; a page over its budget is
// printed at the end and makes the bench exit non-zero. The figures stay out of `npm test`: a
// timed assertion there would pass or fail with the machine, not the code.

/** At most this much JavaScript (KiB, gzip level 6) on the home page. */
export const HOME_JS_KIB = 120;
/** Lighthouse performance score (mobile profile) every page must reach. */
export const MIN_PERFORMANCE = 95;
/** Lighthouse total blocking time (ms, mobile profile) no page may pass. */
export const MAX_TOTAL_BLOCKING_MS = 150;

const overBudget: string[] = [];

/** Notes a page over its budget: `what` names the page and the figure. */
export function checkBudget(what: string, value: number, limit: number, kind: 'max' | 'min') {
  const isOver = kind === 'max' ? value > limit : value < limit;
  if (isOver) overBudget.push(`${what}: ${value} (budget ${kind === 'max' ? '≤' : '≥'} ${limit})`);
  return isOver ? 'over budget' : 'ok';
}

/** Prints the pages over budget and sets a failing exit code when there is any. */
export function reportBudgets(): void {
  if (overBudget.length === 0) {
    console.log('\nEvery page measured is within its budget.');
    return;
  }
  console.error(`\nOver budget (${overBudget.length}):`);
  for (const line of overBudget) console.error(`  - ${line}`);
  process.exitCode = 1;
}
