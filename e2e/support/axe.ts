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
