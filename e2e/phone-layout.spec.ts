import type { Page } from '@playwright/test';
import { createPatient, patientBody } from './support/patients.ts';
import { signInAs } from './support/session.ts';
import { expect, test } from './support/test.ts';

/**
 * A 360 px phone in every language: no page scrolls sideways, the sticky header is one row, and
 * with text at 200% (English and Arabic) the pages still fit the screen. One context a language;
 * the session stored once serves every signed-in page of it.
 */
const PHONE = { width: 360, height: 740 };
const HEADER_MAX_HEIGHT = 64;
const LANGUAGES = ['en', 'de', 'fr', 'ar', 'zh-CN'] as const;
const GUEST_PAGES = ['/', '/login', '/privacy', '/terms'];
const SIGNED_IN_PAGES = [
  '/records',
  'chart',
  '/appointments',
  '/userProfile',
  '/premier',
  '/search',
  '/today',
  '/premier/transactions',
];
const LARGE_TEXT_PAGES = ['/', '/records', 'chart', '/userProfile', '/privacy'];

interface Fit {
  scrollWidth: number;
  clientWidth: number;
  headerHeight: number;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('html[data-app="started"]')).toBeAttached();
}

/**
 * Moves the started app to `path` as its own links do (history and popstate), without loading
 * the page again: the layout under test is the same, and a language's tour costs one start of
 * the app instead of one a page.
 */
async function visit(page: Page, path: string) {
  const heading = page.locator('main h1');
  const before = await heading.first().evaluate((element) => element.textContent);
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText(before ?? '');
}

function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      headerHeight: document.querySelector('header')!.getBoundingClientRect().height,
    };
  });
}

async function expectFits(page: Page, label: string, { isLargeText = false } = {}) {
  const fit = await measure(page);
  expect.soft(fit.scrollWidth, `${label}: page width`).toBeLessThanOrEqual(fit.clientWidth);
  if (!isLargeText)
    expect.soft(fit.headerHeight, `${label}: header height`).toBeLessThanOrEqual(HEADER_MAX_HEIGHT);
}

for (const language of LANGUAGES) {
  test(`at 360 px in ${language} every page fits the screen under a one-row header`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: PHONE });
    const page = await context.newPage();
    await page.addInitScript((code) => localStorage.setItem('lang', code), language);

    await open(page, GUEST_PAGES[0]!);
    for (const path of GUEST_PAGES) {
      if (path !== GUEST_PAGES[0]) await visit(page, path);
      await expectFits(page, `${language} ${path}`);
    }

    const { idToken } = await signInAs(page, baseURL!, { name: 'Dr. Amina Yusuf' });
    const patient = await createPatient(
      page.request,
      baseURL!,
      idToken,
      patientBody('Maximiliane Oberhollenzer-Wittgenstein'),
    );
    const chart = `/records/patients/${patient._id}`;
    await open(page, SIGNED_IN_PAGES[0]!);
    for (const path of SIGNED_IN_PAGES) {
      if (path !== SIGNED_IN_PAGES[0]) await visit(page, path === 'chart' ? chart : path);
      await expectFits(page, `${language} ${path}`);
    }

    if (language === 'en' || language === 'ar') {
      await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
      for (const path of LARGE_TEXT_PAGES) {
        await visit(page, path === 'chart' ? chart : path);
        await expectFits(page, `${language} ${path} at 200% text`, { isLargeText: true });
      }
    }
    await context.close();
  });
}

test("at 360 px a patient row's buttons fold behind Actions, which Escape closes", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const { idToken } = await signInAs(page, baseURL!);
  await createPatient(page.request, baseURL!, idToken, patientBody('Ada Lovelace'));
  await open(page, '/records');
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
  const actions = row.getByRole('button', { name: 'Actions' });
  await expect(actions).toHaveAttribute('aria-expanded', 'false');
  await expect(row.getByRole('button', { name: 'View Details' })).toBeHidden();

  await actions.click();
  await expect(actions).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('button', { name: 'View Details' })).toBeVisible();
  await row.getByRole('button', { name: 'Edit' }).focus();
  await page.keyboard.press('Escape');
  await expect(actions).toHaveAttribute('aria-expanded', 'false');
  await expect(actions).toBeFocused();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeHidden();
  await context.close();
});

test('at 360 px the working-hours fields show their whole time, AM/PM included', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US' });
  const page = await context.newPage();
  await signInAs(page, baseURL!);
  await open(page, '/userProfile');
  const times = page.getByRole('main').locator('input[type="time"]');
  await expect(times.first()).toBeVisible();
  const widths = await times.evaluateAll((inputs) =>
    inputs.map((input) => {
      // The text's own width: the input laid out at its content's size.
      const probe = input.cloneNode() as HTMLInputElement;
      probe.style.cssText = 'position:absolute;inline-size:max-content;min-inline-size:0';
      input.parentElement!.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      return { needed, given: input.getBoundingClientRect().width };
    }),
  );
  for (const { needed, given } of widths) expect(given).toBeGreaterThanOrEqual(needed);
  await context.close();
});

test('links and checkboxes wear the design colours; links in text stay underlined', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, baseURL!);
  await open(page, '/userProfile');
  await expect(page.getByRole('main').getByRole('checkbox').first()).toBeVisible();
  const style = await page.evaluate(() => {
    // A link in running text, as a page's paragraph holds one.
    const paragraph = document.createElement('p');
    paragraph.innerHTML = 'See <a href="/privacy">Privacy</a>.';
    document.querySelector('main')!.append(paragraph);
    const link = paragraph.querySelector('a')!;
    const checkbox = document.querySelector<HTMLInputElement>('main input[type="checkbox"]')!;
    return {
      color: getComputedStyle(link).color,
      underline: getComputedStyle(link).textDecorationLine,
      accent: getComputedStyle(checkbox).accentColor,
    };
  });
  expect(style).toEqual({
    color: 'rgb(7, 84, 84)',
    underline: 'underline',
    accent: 'rgb(11, 110, 110)',
  });
});

test('at 360 px the end of a long page scrolls clear of the voice button', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await signInAs(page, baseURL!);
  await open(page, '/userProfile');
  await expect(page.locator('main button:visible').last()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  // Scrolled to the end, the fixed button sits over nothing of the page: no control and no text
  // (the last button, the footer's links and its last line among them).
  const covered = await page.evaluate(() => {
    const voice = document.querySelector('[data-voice-controls]')!.getBoundingClientRect();
    const isControl = (element: Element) => element.matches('a[href], button, input, select');
    const hasOwnText = (element: Element) =>
      Array.from(element.childNodes).some(
        (node) => node.nodeType === 3 && node.textContent!.trim(),
      );
    return Array.from(document.querySelectorAll('main *, footer *'))
      .filter((element) => isControl(element) || hasOwnText(element))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.left < voice.right &&
          box.right > voice.left &&
          box.top < voice.bottom &&
          box.bottom > voice.top
        );
      })
      .map((element) => element.textContent!.trim().slice(0, 40) || element.outerHTML.slice(0, 60));
  });
  expect(covered).toEqual([]);
  await context.close();
});
