import type { Page } from '@playwright/test';
import { signInAs } from './support/session.ts';
import { expect, test } from './support/test.ts';

/**
 * WCAG 1.4.4 and 1.4.10: with text at 200% on a 360 px phone, and at 400% browser zoom on a
 * 1280 px window (a 320 CSS px viewport), no page scrolls sideways, the menu button keeps a
 * 44 px target, and the voice button covers no other control. English and Arabic.
 */
const PAGES = ['/', '/premier', '/records', '/userProfile', '/payment-cancel'];
/** Seen signed out: a signed-in reader is sent on from it (to '/'), once the app has started. */
const SIGNED_OUT_PAGES = ['/login'];

interface Layout {
  scrollWidth: number;
  viewport: number;
  menuButton: { width: number; height: number };
  coveredByVoice: string[];
}

async function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const menu = document.querySelector('header button[aria-haspopup="dialog"]')!;
    const menuBox = menu.getBoundingClientRect();
    const voice = document.querySelector('[data-voice-controls]') ?? null;
    const voiceBox = voice?.getBoundingClientRect();
    const covered: string[] = [];
    if (voice && voiceBox) {
      // Scrolled to the very end, where the fixed button sits over the page's last controls.
      const controls = Array.from(
        document.querySelectorAll<HTMLElement>(
          'main a[href], main button, main input, main select, footer a[href], footer button',
        ),
      );
      for (const control of controls) {
        if (voice.contains(control)) continue;
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const overlaps =
          box.left < voiceBox.right &&
          box.right > voiceBox.left &&
          box.top < voiceBox.bottom &&
          box.bottom > voiceBox.top;
        if (overlaps) covered.push(control.textContent?.trim() || control.outerHTML.slice(0, 60));
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      menuButton: { width: menuBox.width, height: menuBox.height },
      coveredByVoice: covered,
    };
  });
}

/** Measures a page once the app has started: a prerendered page may still change before then. */
async function check(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('html[data-app="started"]')).toBeAttached();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const layout = await measure(page);
  expect.soft(layout.scrollWidth, `${path} scrollWidth`).toBeLessThanOrEqual(layout.viewport);
  expect.soft(layout.menuButton.height, `${path} menu button`).toBeGreaterThanOrEqual(44);
  expect.soft(layout.menuButton.width, `${path} menu button`).toBeGreaterThanOrEqual(44);
  expect.soft(layout.coveredByVoice, `${path} under the voice button`).toEqual([]);
}

for (const { label, width, textSize } of [
  { label: '200% text at 360 px', width: 360, textSize: '200%' },
  { label: '400% zoom of a 1280 px window', width: 320, textSize: '100%' },
]) {
  for (const language of ['en', 'ar']) {
    test(`${label} in ${language}: no sideways scroll, a 44 px menu button, nothing under the voice button`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 720 });
      await page.addInitScript(
        ({ code, size }) => {
          localStorage.setItem('lang', code);
          document.addEventListener('DOMContentLoaded', () => {
            document.documentElement.style.fontSize = size;
          });
        },
        { code: language, size: textSize },
      );
      for (const path of SIGNED_OUT_PAGES) await check(page, path);
      await signInAs(page, baseURL!, { name: 'Dr. Amina Yusuf' });
      for (const path of PAGES) await check(page, path);
    });
  }
}
