import { expectAxeClean } from './support/axe.ts';
import { announcer, tabTo } from './support/keyboard.ts';
import { openAs } from './support/journey.ts';
import { POPUP_TEXTS } from './support/server-texts.ts';
import { uniqueEmail } from './support/session.ts';
import { menuButton } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';
import { KEYBOARD_LANGUAGES, LANGUAGES } from './support/texts.ts';

for (const language of KEYBOARD_LANGUAGES) {
  const index = LANGUAGES.indexOf(language);
  test(`keyboard: a side-menu choice titles the page, focuses its heading and announces it; Logout too (${language})`, async ({
    page,
    baseURL,
  }) => {
    const { t, heard } = await openAs(page, baseURL!, language, '/', { name: 'Dr. Amina Yusuf' });
    const brand = t('common:brand');
    // The stored language may differ from the prerendered page's (the server goes by the
    // cookie): the app re-renders in it and re-titles the page.
    const homeHeading = t('home:title', { brand });
    await expect(page.locator('main h1')).toHaveText(homeHeading);
    await expect(page).toHaveTitle(`${homeHeading} · ${brand}`);

    const chooseFromMenu = async (item: string) => {
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await tabTo(page, t(item));
      await page.keyboard.press('Enter');
    };
    await chooseFromMenu('common:menu.records');
    await expect(page).toHaveURL(/\/records$/);
    const heading = page.locator('main h1');
    await expect(heading).toHaveText(t('records:heading'));
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(`${t('records:heading')} · ${brand}`);
    await expect(announcer(page)).toContainText(t('records:heading'));
    await expectAxeClean(page);

    // Logout: the sign-in page's heading has focus; 'Signed out.' is read before its name.
    await chooseFromMenu('common:menu.logout');
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading).toHaveText(t('auth:login.title'));
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(`${t('auth:login.title')} · ${brand}`);
    await expect.poll(() => heard.includes(t('auth:logout.signedOut'))).toBe(true);
    await expect(announcer(page)).toContainText(t('auth:login.title'));
  });

  test(`keyboard: the language selector switches on Enter, never while arrowing (WCAG 3.2.2) (${language})`, async ({
    page,
    baseURL,
  }) => {
    await openAs(page, baseURL!, language, '/', { guest: true });
    // Arrowing through the languages changes nothing (WCAG 3.2.2); Enter switches.
    const select = page.locator('#language-select');
    const html = page.locator('html');
    const step = index + 2 < LANGUAGES.length ? 2 : -2;
    const target = LANGUAGES[index + step]!;
    // The app has started in the stored language (the prerendered page may be another one's).
    await expect(html).toHaveAttribute('data-app', 'started');
    await expect(select).toHaveValue(language);
    await select.focus();
    for (let press = 0; press < 2; press += 1)
      await page.keyboard.press(step > 0 ? 'ArrowDown' : 'ArrowUp');
    await expect(select).toHaveValue(target);
    await expect(html).toHaveAttribute('lang', language);
    await expect(html).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('lang', target);
    await expect(html).toHaveAttribute('dir', target === 'ar' ? 'rtl' : 'ltr');
    await expect(select).toBeFocused();
  });

  test(`keyboard: a guest on Premier is told why to sign in; the popup: Escape cancels, its errors sit on their fields; back on Premier, announced (${language})`, async ({
    page,
    baseURL,
  }) => {
    const name = 'Dr. Keyboard Only';
    const popupText = POPUP_TEXTS[language];
    const { t } = await openAs(page, baseURL!, language, '/premier', { guest: true });
    await expect(page.locator('main h1')).toHaveText(t('premium:title'));
    await tabTo(page, t('premium:form.submit'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(t('auth:login.reasons.premier'))).toBeVisible();

    const signIn = page.getByRole('button', { name: t('auth:login.google') });
    await tabTo(page, t('auth:login.google'));
    let popupOpened = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    let popup = await popupOpened;
    await popup.waitForLoadState();
    await expect(popup.locator('html')).toHaveAttribute('lang', language);
    const closed = popup.waitForEvent('close');
    // The popup closes on the key going down, so Playwright's key-up finds no page: the close
    // event is what this asserts.
    await popup.keyboard.press('Escape').catch(() => undefined);
    await closed;
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      t('auth:login.errors.cancelled'),
    );
    await expect(signIn).toBeFocused();
    await expect(signIn).not.toHaveAttribute('aria-disabled', 'true');

    popupOpened = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    popup = await popupOpened;
    await popup.waitForLoadState();
    // An empty name: the message is under Name, tied to it, and Name has focus.
    const email = popup.getByLabel(popupText.email, { exact: true });
    await email.fill(uniqueEmail('keys'));
    await email.press('Enter');
    const nameField = popup.getByLabel(popupText.name, { exact: true });
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toHaveAccessibleDescription(popupText.nameRequired);
    await expect(nameField).toBeFocused();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await nameField.fill(name);
    const done = popup.waitForEvent('close');
    // Enter signs in and the popup closes itself: Playwright may then find the page gone before
    // it has acknowledged the key press. Only that is expected; any other error still fails.
    await popup.keyboard.press('Enter').catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
    await done;

    await expect(page).toHaveURL(/\/premier$/);
    await expect(page.locator('main h1')).toBeFocused();
    await expect(announcer(page)).toContainText(t('auth:login.signedIn', { name }));
    // The footer offers Login to guests only.
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: t('common:footer.useful.login') }),
    ).toHaveCount(0);
  });
}
