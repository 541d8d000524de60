import type { Page } from '@playwright/test';
import { expectAxeClean, settleAnimations, WCAG_22_AA } from './support/axe.ts';
import { publicConfig } from './support/public-config.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { menuButton, openSideMenu } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';

const menu = (page: Page) => page.getByRole('dialog');

/** A doctor as the public directory answers one in a search. */
const DOCTOR = {
  publicId: '5d0f3c1e-8a7b-4c2d-9e1f-000000000001',
  picture: null,
  specialties: ['394579002'],
  languages: ['en'],
  bio: '',
  visitKinds: ['video'],
  onlineBooking: 'instant',
  facility: null,
  country: 'PT',
  timeZone: 'Europe/Lisbon',
  nextSlots: [],
};

test.describe('shared layout', () => {
  test('the side menu opens on the logo and closes with Escape, the close button and a click outside', async ({
    page,
  }) => {
    await page.goto('/');

    await openSideMenu(page);
    await expect(menu(page).getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();

    await openSideMenu(page);
    await menu(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(menu(page)).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();

    await openSideMenu(page);
    const viewport = page.viewportSize()!;
    await page.mouse.click(viewport.width - 20, viewport.height / 2);
    await expect(menu(page)).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
  });

  test('the open menu keeps keyboard focus inside it', async ({ page }) => {
    await page.goto('/');
    await openSideMenu(page);
    for (let press = 0; press < 10; press += 1) {
      await page.keyboard.press('Tab');
      expect(await menu(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(
        true,
      );
    }
    await page.keyboard.press('Shift+Tab');
    expect(await menu(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(
      true,
    );
  });

  test('a guest is greeted as Guest and sees Support and Login; Medicines is not a link', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = await openSideMenu(page);
    await expect(dialog.getByRole('heading', { name: 'Hello, Guest' })).toBeVisible();
    await expect(dialog.getByText('Welcome back!')).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Premier' })).toHaveAttribute('href', '/premier');
    await expect(dialog.getByRole('link')).toHaveText([
      'Premier',
      'Home',
      'Records',
      'Appointments',
      'Medicines',
      'Transaction History',
      'Support',
      'Login',
    ]);
    await expect(dialog.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    await expect(dialog.getByRole('link', { name: 'Medicines' })).toHaveAttribute(
      'href',
      '/buy-medicine',
    );
    await expect(dialog.getByRole('heading', { name: 'Coming soon' })).toHaveCount(0);
    // Records needs sign-in: a guest following the link lands on the login-required page.
    await dialog.getByRole('link', { name: 'Records' }).click();
    await expect(page).toHaveURL(/\/protected$/);
    await expect(menu(page)).toHaveCount(0);
  });

  test('a signed-in user is welcomed back by name with View Profile and Logout', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, baseURL!, { email: uniqueEmail('layout'), name: 'Dr. Grace Hopper' });
    await page.goto('/');
    const dialog = await openSideMenu(page);
    await expect(dialog.getByRole('heading', { name: 'Hello, Dr. Grace Hopper' })).toBeVisible();
    await expect(dialog.getByText('Welcome back!')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/userProfile',
    );
    await expect(dialog.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    await expect(dialog.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });

  test('switching to Arabic is instant, right-to-left, translates the menu and survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByLabel('Language').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مرحبًا بك في كيربريدج');
    // Each page has its own title, from its heading, in the reader's language (WCAG 2.4.2).
    await expect(page).toHaveTitle(`${await page.locator('main h1').innerText()} · كيربريدج`);

    await menuButton(page).click();
    const dialog = menu(page);
    await expect(dialog).toHaveAccessibleName('القائمة');
    await expect(dialog.getByRole('heading', { name: 'مرحبًا، زائر' })).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveText([
      'بريمير',
      'الرئيسية',
      'السجلات',
      'المواعيد',
      'الأدوية',
      'سجل المعاملات',
      'الدعم',
      'تسجيل الدخول',
    ]);
    // Mirrored: the menu slides in from the right-hand side.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThan(page.viewportSize()!.width / 2);
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('combobox', { name: 'ابحث عن طبيب أو مستشفى' })).toBeVisible();
    await page.getByLabel('اللغة').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('combobox', { name: 'Search Doctor or Hospital' })).toBeVisible();
  });

  test('the search suggests from the portal’s directory, Enter opens the results, nothing typed leaves the portal; the phone is a tel: link', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = await publicConfig(request, baseURL!);
    const elsewhere: string[] = [];
    page.on('request', (sent) => {
      if (!sent.url().startsWith(baseURL!)) elsewhere.push(sent.url());
    });
    // Other journeys list practitioners at the same time: the suggestions are the test's own.
    await page.route('**/api/directory/doctors?*', (route) =>
      route.fulfill({ json: [{ ...DOCTOR, name: 'Dr. Sara Cardoso', city: 'Porto' }] }),
    );
    await page.route('**/api/directory/facilities?*', (route) => route.fulfill({ json: [] }));
    await page.goto('/');
    await expect(page.getByRole('link', { name: `Call ${config.contactPhone}` })).toHaveAttribute(
      'href',
      `tel:${config.contactPhone.replace(/[^\d+]/g, '')}`,
    );
    const search = page.getByRole('combobox', { name: 'Search Doctor or Hospital' });
    await search.fill('cardo');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option')).toHaveText([
      'Dr. Sara CardosoPorto',
      'All doctors matching “cardo”',
    ]);
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expectAxeClean(page, { tags: WCAG_22_AA, label: 'header suggestions' });
    await search.press('ArrowDown');
    await expect(search).toHaveAttribute(
      'aria-activedescendant',
      (await suggestions.getByRole('option').first().getAttribute('id'))!,
    );
    await search.press('Escape');
    await expect(suggestions).toBeHidden();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/find-doctor\?q=cardo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Doctor');
    await expect(page.getByRole('searchbox', { name: 'Name or specialty' })).toHaveValue('cardo');
    expect(elsewhere).toEqual([]);
  });

  test("the footer has social, product, useful-links and contact sections and this year's copyright", async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Share CareBridge' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /^Share on Facebook/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.facebook\.com\/sharer/,
    );
    await expect(footer.getByRole('navigation', { name: 'Product' })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: 'Useful links' })).toBeVisible();
    await expect(footer.getByRole('region', { name: 'Contact' })).toBeVisible();
    const year = new Date().getFullYear();
    await expect(footer.getByText(`© ${year} CareBridge. All rights reserved.`)).toBeVisible();
  });

  test('a signed-in page on a phone does not move while the bell, the configuration and the list arrive', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await signInAs(page, baseURL!, { email: uniqueEmail('steady') });
    // Every layout shift from the first paint (as Lighthouse counts them for CLS).
    await page.addInitScript(() => {
      const shifts: string[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node: Node | null }[];
        })[])
          shifts.push(
            `${entry.value.toFixed(3)}: ${entry.sources.map((source) => (source.node as Element | null)?.className).join(', ')}`,
          );
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, {
        layoutShifts: () => {
          observer.takeRecords().forEach((entry) => shifts.push(String(entry)));
          return shifts;
        },
      });
    });
    await page.goto('/records');
    await expect(page.getByText('No patients found.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reminders, none unread' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Call / })).toBeVisible();
    const shifts = await page.evaluate(() =>
      (window as unknown as { layoutShifts: () => string[] }).layoutShifts(),
    );
    expect(shifts).toEqual([]);
    await context.close();
  });

  test('the open menu passes axe (WCAG 2.2 A/AA) on a phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await openSideMenu(page);
    await settleAnimations(page);
    await expectAxeClean(page, { tags: WCAG_22_AA });
    await context.close();
  });
});
