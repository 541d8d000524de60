import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules of WCAG 2.2 levels A and AA, with those of 2.0 and 2.1, as axe tags them. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * No axe violation on the page as it is now, listed by rule, help text and the elements at
 * fault so a failure says what is wrong and where. `include`: only that part (e.g. 'main');
 * `tags`: only those rules (e.g. WCAG_22_AA), else all; `label`: which scan, in the failure.
 */
export async function expectAxeClean(
  page: Page,
  { include, tags, label }: { include?: string; tags?: string[]; label?: string } = {},
) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (tags) builder.withTags(tags);
  const { violations } = await builder.analyze();
  const found = violations.map((violation) => {
    const where = violation.nodes.map((node) => node.target.join(' ')).join(', ');
    return `${violation.id}: ${violation.help} (${where})`;
  });
  expect(found, label).toEqual([]);
}

/**
 * Waits until every finite CSS animation and transition on the page has ended (a menu sliding
 * in, a slide fading), so that axe reads colours as they end up rather than half-faded.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
