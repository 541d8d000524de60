import type { Page } from '@playwright/test';
import { holdRoute } from './support/held-route.ts';
import { menuButton } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';

/**
 * Holds back the app's main chunk, so that the prerendered page is on screen and the app has not
 * started; `release` lets it through. What a person does in between must not be lost.
 */
async function holdTheApp(page: Page) {
  return {
    release: await holdRoute(page, '**/assets/main-*.js'),
    /** The app has not started: nothing but the boot script has run. */
    isStarted: () => page.evaluate(() => document.documentElement.dataset.app === 'started'),
  };
}

test.describe('a prerendered page used before its app has started', () => {
  test('the menu button pressed before the app runs opens the menu once it does', async ({
    page,
  }) => {
    const app = await holdTheApp(page);
    await page.goto('/');
    await menuButton(page).click();
    expect(await app.isStarted()).toBe(false);

    app.release();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(menu.getByRole('heading', { name: 'Hello, Guest' })).toBeVisible();
  });

  test('a language picked and a search typed before the app runs are kept', async ({ page }) => {
    const app = await holdTheApp(page);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search Doctor or Hospital' }).fill('cardiology');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    expect(await app.isStarted()).toBe(false);

    app.release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    await expect(
      page.getByRole('combobox', { name: 'Rechercher un médecin ou un hôpital' }),
    ).toHaveValue('cardiology');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('fr');
  });

  test('a search sent before the app runs opens the directory’s results once it does', async ({
    page,
  }) => {
    const app = await holdTheApp(page);
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search Doctor or Hospital' });
    await search.fill('oncology');
    // Enter sends the form by a click on its search button, which the page keeps.
    await search.press('Enter');
    expect(await app.isStarted()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/');

    app.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Doctor');
    const sent = new URL(page.url());
    expect(sent.pathname).toBe('/find-doctor');
    expect(sent.searchParams.get('q')).toBe('oncology');
  });

  test('arrowing through the languages before the app runs switches nothing until Enter (WCAG 3.2.2)', async ({
    page,
  }) => {
    const app = await holdTheApp(page);
    await page.goto('/');
    const select = page.getByRole('combobox', { name: 'Language' });
    await select.focus();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowDown');
    expect(await app.isStarted()).toBe(false);

    app.release();
    await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(select).toHaveValue('de');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test("'Sign In with Google' pressed before the app runs opens the sign-in window", async ({
    page,
  }) => {
    const app = await holdTheApp(page);
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    expect(await app.isStarted()).toBe(false);

    app.release();
    const popup = await popupOpened;
    expect(new URL(popup.url()).pathname).toBe('/api/dev-auth/popup');
    await popup.close();
  });

  test('when the app renders the page afresh (another stored language), typing and focus survive', async ({
    page,
  }) => {
    // The server chose English (no cookie); the app starts in the stored German instead.
    await page.addInitScript(() => localStorage.setItem('lang', 'de'));
    const app = await holdTheApp(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const search = page.getByRole('combobox', { name: 'Search Doctor or Hospital' });
    await search.fill('Kardiologie');
    expect(await app.isStarted()).toBe(false);

    app.release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const germanSearch = page.getByRole('combobox', { name: 'Arzt oder Krankenhaus suchen' });
    await expect(germanSearch).toHaveValue('Kardiologie');
    await expect(germanSearch).toBeFocused();
  });
});
