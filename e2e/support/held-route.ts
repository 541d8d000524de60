import type { Page } from '@playwright/test';

/**
 * Holds back every request of `page` to `url` (a glob) until the answered `release` is called,
 * then lets each through unchanged.
 */
export async function holdRoute(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
