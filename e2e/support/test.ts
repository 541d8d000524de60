import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * How many times slower than the machine every page's CPU runs: `E2E_CPU_SLOWDOWN=4` is a slow
 * phone (Chromium's DevTools throttling, as Lighthouse's mobile profile). `npm run
 * test:e2e:stress` sets it; the normal suite runs at full speed.
 */
const CPU_SLOWDOWN = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);

const slowedContexts = new WeakSet<BrowserContext>();

async function slowDown(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Every page of `context`, popups included, from its creation. */
function slowDownEveryPage(context: BrowserContext): void {
  if (CPU_SLOWDOWN <= 1 || slowedContexts.has(context)) return;
  slowedContexts.add(context);
  context.on('page', (page) => void slowDown(page).catch(() => {}));
}

/**
 * Playwright's test with `baseURL` pointing at the server the global setup started. Pages are
 * used as a person would: as soon as they are on screen, not once the app has started (a
 * prerendered page keeps what is done to it before then, see apps/web/src/lib/early-input/).
 */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // Contexts a test opens itself are slowed down too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        slowDownEveryPage(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    slowDownEveryPage(context);
    await use(context);
  },
});

export { expect };
