import type { Browser, Page } from '@playwright/test';
import { expectAxeClean, settleAnimations, WCAG_22_AA } from './support/axe.ts';
import { publicConfig } from './support/public-config.ts';
import { expect, test } from './support/test.ts';

/**
 * What the directory holds, as the page is told: other journeys list practitioners at the same
 * time, so the real counts move (the API's own tests count them).
 */
const SUMMARY = { doctors: 2300, hospitals: 12, clinics: 40, pharmacies: 7 };
const COUNTERS = ['2,300Doctors', '12Hospitals', '40Clinics', '7Pharmacies'];

const TILES = [
  ['Book Appointment', '/book-appointment'],
  ['Find Doctor', '/find-doctor'],
  ['Find Hospital', '/find-hospital'],
  ['Buy Medicine', '/buy-medicine'],
];

const tiles = (page: Page) => page.getByRole('region', { name: 'How can we help you today?' });
const carousel = (page: Page) => page.getByRole('region', { name: 'Highlights' });
/** The slide shown: the others are hidden from the accessibility tree. */
const currentSlide = (page: Page) => carousel(page).getByRole('group');

/**
 * The home page with the browser's clock under the test's hand: the app has started, and time
 * stands still until the test moves it.
 */
async function startPausedAtHome(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await expect(page.locator('html[data-app="started"]')).toBeAttached();
  // A moment ahead of the page's clock, however slowly this line is reached.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
}

/** Pointer and focus away from the carousel, as when the reader moves on. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test.describe('home page', () => {
  test('shows the title, tagline, tiles and what the directory holds', async ({ page }) => {
    await page.route('**/api/directory/summary', (route) => route.fulfill({ json: SUMMARY }));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to CareBridge');
    await expect(
      page.getByText('A bridge between patients and doctors for better healthcare.').first(),
    ).toBeVisible();
    for (const [title, href] of TILES)
      await expect(
        tiles(page).getByRole('link', { name: new RegExp(`^${title}`) }),
      ).toHaveAttribute('href', href!);
    const why = page.getByRole('region', { name: 'Why Choose CareBridge?' });
    await expect(why.getByRole('img')).toBeVisible();
    await expect(why.getByRole('listitem')).toHaveText(COUNTERS);
  });

  test('the carousel advances by itself after 3 seconds, counted again from a slide picked by hand', async ({
    page,
  }) => {
    await startPausedAtHome(page);
    // A slide picked by hand restarts the full interval; focus and pointer then leave the
    // carousel, which lets it rotate.
    await carousel(page).getByRole('button', { name: 'Show slide 2' }).click();
    await expect(currentSlide(page)).toHaveAccessibleName('2 of 4');
    await leaveCarousel(page);

    await page.clock.runFor(2_900);
    await expect(currentSlide(page)).toHaveAccessibleName('2 of 4');
    await page.clock.runFor(200);
    await expect(currentSlide(page)).toHaveAccessibleName('3 of 4');
    await page.clock.runFor(3_000);
    await expect(currentSlide(page)).toHaveAccessibleName('4 of 4');
  });

  test('the carousel moves with its previous and next buttons and holds still while hovered', async ({
    page,
  }) => {
    await startPausedAtHome(page);
    const next = carousel(page).getByRole('button', { name: 'Next slide' });
    const previous = carousel(page).getByRole('button', { name: 'Previous slide' });
    await carousel(page).getByRole('button', { name: 'Show slide 1' }).click();
    await next.click();
    await expect(currentSlide(page)).toHaveAccessibleName('2 of 4');
    await previous.click();
    await previous.click();
    await expect(currentSlide(page)).toHaveAccessibleName('4 of 4');
    await next.click();
    await expect(currentSlide(page)).toHaveAccessibleName('1 of 4');
    await carousel(page).getByRole('button', { name: 'Show slide 3' }).click();
    await expect(currentSlide(page)).toHaveAccessibleName('3 of 4');

    // Focus and pointer are on the carousel: several intervals pass and nothing moves.
    await page.clock.runFor(10_000);
    await expect(currentSlide(page)).toHaveAccessibleName('3 of 4');
  });

  test('the first slide calls the contact phone; the slides link to their pages', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = await publicConfig(request, baseURL!);
    await page.goto('/');
    await carousel(page).getByRole('button', { name: 'Stop automatic slide show' }).click();
    await expect(currentSlide(page).getByRole('link', { name: /Call now/ })).toHaveAttribute(
      'href',
      `tel:${config.contactPhone.replace(/[^\d+]/g, '')}`,
    );
    await carousel(page).getByRole('button', { name: 'Next slide' }).click();
    await currentSlide(page)
      .getByRole('link', { name: /Open records/ })
      .click();
    // Records needs sign-in: the guest following the slide lands on the login-required page.
    await expect(page).toHaveURL(/\/protected$/);
  });

  test('does not rotate under prefers-reduced-motion', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await startPausedAtHome(page);
    await leaveCarousel(page);
    await page.clock.runFor(10_000);
    await expect(currentSlide(page)).toHaveAccessibleName('1 of 4');
    await carousel(page).getByRole('button', { name: 'Next slide' }).click();
    await expect(currentSlide(page)).toHaveAccessibleName('2 of 4');
    await context.close();
  });

  test('the first three tiles lead to the directory, and Buy Medicine to the page that sends a prescription to a pharmacy', async ({
    page,
  }) => {
    await page.goto('/');
    await tiles(page)
      .getByRole('link', { name: /^Book Appointment/ })
      .click();
    await expect(page).toHaveURL(/\/book-appointment$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Appointment');
    await expect(page.getByRole('search').getByLabel('Name or specialty')).toBeVisible();
    for (const [href, title] of [
      ['/find-doctor', 'Find a Doctor'],
      ['/find-hospital', 'Find a Hospital'],
    ]) {
      await page.goto(href!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
      await expect(page.getByText('Coming soon', { exact: true })).toHaveCount(0);
    }
    await page.goto('/buy-medicine');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy Medicine');
    await expect(page.getByText('Coming soon', { exact: true })).toHaveCount(0);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Sign in to see your prescriptions' }),
    ).toBeVisible();
  });

  test('looks complete offline: every image is shipped with the app and has its size set', async ({
    page,
    baseURL,
  }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Why Choose CareBridge?' }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const images = await page.locator('img').evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((image) => ({
        src: image.currentSrc,
        isLoaded: image.complete && image.naturalWidth > 0,
        hasSize: image.hasAttribute('width') && image.hasAttribute('height'),
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(11);
    for (const image of images) {
      expect(image.src, image.src).toMatch(/\.(svg|webp)$/);
      expect(image.hasSize, image.src).toBe(true);
    }
    expect(foreign).toEqual([]);
    expect(
      images.filter((image) => !image.isLoaded && !image.src.includes('banner-')).map((i) => i.src),
    ).toEqual([]);
  });
});

async function expectNoAxeViolations(
  browser: Browser,
  baseURL: string,
  { language, width }: { language: string; width: number },
) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // Hold the carousel still so no slide is caught half-faded.
  await page.getByRole('main').getByRole('region').first().getByRole('button').first().click();
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAxeClean(page, { tags: WCAG_22_AA });
  await context.close();
}

test.describe('home page accessibility (axe, WCAG 2.2 A/AA)', () => {
  for (const language of ['en', 'ar'])
    for (const width of [360, 1280])
      test(`no violations in ${language} at ${width} px`, async ({ browser, baseURL }) => {
        await expectNoAxeViolations(browser, baseURL!, { language, width });
      });
});
