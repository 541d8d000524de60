import { expect, type Locator, type Page } from '@playwright/test';

/** What the focused element is, as a screen reader would start reading it. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase(),
      text: (element?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      label: element?.getAttribute('aria-label') ?? '',
    };
  });

/** The layout's polite live region. */
export const announcer = (page: Page) => page.locator('#announcer');

/**
 * Presses Tab (Shift+Tab when `backwards`) until the focused element's text or accessible
 * label is `name`, at most `limit` presses.
 */
export async function tabTo(
  page: Page,
  name: string,
  { backwards = false, limit = 60 }: { backwards?: boolean; limit?: number } = {},
) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const { text, label } = await focused(page);
    if (text === name || label === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Presses Tab until `target` (a field, named by its label) has focus, at most `limit` presses. */
export async function tabUntil(page: Page, target: Locator, { limit = 60 } = {}) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the field');
}

/**
 * From the next page load on, keeps every text that appears in a live region (status, alert,
 * aria-live), as a screen reader would hear it: a test then asks what was announced without
 * racing a message that goes away after a few seconds.
 */
export async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const heard: string[] = [];
    Object.assign(window, { __heard: heard });
    new MutationObserver((records) => {
      for (const record of records) {
        const node = record.target;
        const element = node instanceof Element ? node : node.parentElement;
        const region = element?.closest('[role="status"], [role="alert"], [aria-live]');
        const words = region?.textContent?.replace(/\s+/g, ' ').trim();
        if (words && heard.at(-1) !== words) heard.push(words);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return {
    /** Whether some announcement so far contained `words`. */
    includes: (words: string) =>
      page.evaluate(
        (wanted) =>
          (window as unknown as { __heard: string[] }).__heard.some((h) => h.includes(wanted)),
        words,
      ),
    /** Whether some announcement so far matched `pattern` (see `textPattern`). */
    matches: (pattern: RegExp) =>
      page.evaluate(
        ({ source, flags }) =>
          (window as unknown as { __heard: string[] }).__heard.some((h) =>
            new RegExp(source, flags).test(h),
          ),
        { source: pattern.source, flags: pattern.flags },
      ),
  };
}

/**
 * The page's first Tab stop, the skip link (`label`, 'Skip to main content'), then Enter: focus
 * on `<main>`, past the header, where a keyboard user starts on a page they know.
 */
export async function skipToMain(page: Page, label: string) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: label, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}
