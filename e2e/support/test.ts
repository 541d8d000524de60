import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test with `baseURL` pointing at the server the global setup started, and a
 * `page` whose `goto` and `reload` return once the app has started. A prerendered page is
 * visible (and its links work) before its scripts run, but a click or a choice in a form
 * before then would be lost, as for a person on a slow network.
 */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  page: async ({ page }, use) => {
    const untilStarted = () =>
      page.waitForFunction(
        () =>
          !document.getElementById('root') || document.documentElement.dataset.app === 'started',
      );
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilStarted();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilStarted();
      return response;
    };
    await use(page);
  },
});

export { expect };
