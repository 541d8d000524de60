import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No axe violation on the page as it is now (`include`: only that part, e.g. 'main'), listed by
 * rule and help text so a failure says what is wrong.
 */
export async function expectAxeClean(page: Page, { include }: { include?: string } = {}) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
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
