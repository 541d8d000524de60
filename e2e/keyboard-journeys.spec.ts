import AxeBuilder from '@axe-core/playwright';
import { announcer, recordAnnouncements, tabTo } from './support/keyboard.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { LANGUAGES, text } from './support/texts.ts';

for (const language of LANGUAGES) {
  test(`keyboard: a side-menu choice titles the page, focuses its heading and announces it (${language})`, async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, baseURL!, { name: 'Dr. Amina Yusuf' });
    await page.addInitScript((code) => localStorage.setItem('lang', code), language);
    await page.goto('/');
    const brand = text(language, 'common:brand');
    // The stored language may differ from the prerendered page's (the server goes by the
    // cookie): the app re-renders in it and re-titles the page.
    const homeHeading = text(language, 'home:title', { brand });
    await expect(page.locator('main h1')).toHaveText(homeHeading);
    await expect(page).toHaveTitle(`${homeHeading} · ${brand}`);

    await page.getByRole('banner').locator('button[aria-haspopup="dialog"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await tabTo(page, text(language, 'common:menu.records'));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/records$/);
    const heading = page.locator('main h1');
    await expect(heading).toBeFocused();
    const name = await heading.innerText();
    await expect(page).toHaveTitle(`${name} · ${brand}`);
    await expect(announcer(page)).toContainText(name);
    expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([]);
  });
}

test('keyboard: sign in through the popup, Escape cancels it, focus stays on the button', async ({
  page,
}) => {
  const name = 'Dr. Keyboard Only';
  await page.goto('/login');
  const signIn = page.getByRole('button', { name: 'Sign In with Google' });
  await signIn.focus();

  let popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  let popup = await popupOpened;
  await popup.waitForLoadState();
  const closed = popup.waitForEvent('close');
  // The popup closes on the key going down, so Playwright's key-up finds no page: the close
  // event is what this asserts.
  await popup.keyboard.press('Escape').catch(() => undefined);
  await closed;
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Sign-in was cancelled');
  await expect(signIn).toBeFocused();
  await expect(signIn).not.toHaveAttribute('aria-disabled', 'true');

  popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  popup = await popupOpened;
  await popup.waitForLoadState();
  // An empty name: the message is under Name, tied to it, and Name has focus.
  await popup.getByLabel('Email').fill(uniqueEmail('keys'));
  await popup.getByRole('button', { name: 'Continue' }).click();
  const nameField = popup.getByLabel('Name');
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toHaveAccessibleDescription('Name is required.');
  await expect(nameField).toBeFocused();
  await expect(popup.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
  await nameField.fill(name);
  const done = popup.waitForEvent('close');
  await popup.keyboard.press('Enter');
  await done;

  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main h1')).toBeFocused();
  await expect(announcer(page)).toContainText(`Signed in as ${name}.`);
  // The footer offers Login to guests only.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('a guest pressing Become a Premium Member Now is told why and comes back to /premier', async ({
  page,
}) => {
  await page.goto('/premier');
  await page.getByRole('button', { name: 'Become a Premium Member Now' }).press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Sign in to become a Premium Member.', { exact: false }),
  ).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In with Google' }).press('Enter');
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.getByLabel('Name').fill('Dr. Premier Guest');
  await popup.getByLabel('Email').fill(uniqueEmail('premier'));
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
  await expect(page).toHaveURL(/\/premier$/);
  await expect(page.locator('main h1')).toBeFocused();
});

test('the language selector does not switch while arrowing, only on Enter (WCAG 3.2.2)', async ({
  page,
}) => {
  await page.goto('/');
  const select = page.locator('#language-select');
  await select.focus();
  for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowDown');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(select).toHaveValue('de');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(select).toBeFocused();
});

test('an empty New patient submit announces one summary and focuses it', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, baseURL!);
  await page.goto('/records');
  await page.getByRole('button', { name: '+ Add Patient' }).press('Enter');
  await page.getByRole('button', { name: 'Create Patient' }).press('Enter');
  const summary = page.getByRole('group', { name: 'There are problems with 8 fields' });
  await expect(summary).toBeFocused();
  await expect(page.locator('main [role="alert"]:not(:empty)')).toHaveCount(0);
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(
    /^10 digits, numbers only\. Phone number is required$/,
  );
  // A search that finds nothing says so in the status region, and no more than 100 characters
  // can be typed.
  await page.getByRole('button', { name: 'Cancel' }).press('Enter');
  const search = page.getByLabel('Search patients');
  await search.fill('zzz-no-such-patient');
  await expect(page.getByRole('status').filter({ hasText: 'No patients match' })).toHaveText(
    'No patients match “zzz-no-such-patient”.',
  );
  await search.fill('x'.repeat(150));
  await expect(search).toHaveValue('x'.repeat(100));
});

test('keyboard: Logout from the side menu is announced and focus lands on the sign-in heading (de)', async ({
  page,
  baseURL,
}) => {
  const language = 'de';
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const brand = t('common:brand');
  await signInAs(page, baseURL!, { name: 'Dr. Tastatur' });
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
  const heard = await recordAnnouncements(page);
  await page.goto('/');
  await expect(page.locator('main h1')).toHaveText(t('home:title', { brand }));

  await page.getByRole('banner').locator('button[aria-haspopup="dialog"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await tabTo(page, t('common:menu.logout'));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  const heading = page.locator('main h1');
  await expect(heading).toHaveText(t('auth:login.title'));
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(`${t('auth:login.title')} · ${brand}`);
  await expect.poll(() => heard.includes(t('auth:logout.signedOut'))).toBe(true);
  await expect.poll(() => heard.includes(t('auth:login.title'))).toBe(true);
});
