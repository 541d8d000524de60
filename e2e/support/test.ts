import { test as base, expect } from '@playwright/test';

/** Playwright's test with `baseURL` pointing at the server the global setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };
