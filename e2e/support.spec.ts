import { expectAxeClean, settleAnimations, WCAG_22_AA } from './support/axe.ts';
import { focused, tabTo, tabUntil } from './support/keyboard.ts';
import { uniqueEmail } from './support/session.ts';
import { menuButton } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';

/**
 * The Support page by keyboard: a guest opens it from the side menu, opens an answer, signs in
 * from Contact support, comes back to the form and sends a question, landing on the conversation
 * (`/messages/{id}`, the message screens' own journey). In Arabic: mirrored, an answer opened by
 * its address, and axe-clean.
 */

test('a guest opens Support from the menu, reads an answer, signs in and sends a question, all by keyboard', async ({
  page,
}) => {
  await page.goto('/');
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await tabTo(page, 'Support');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/support$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Support');
  await expect.poll(async () => (await focused(page)).text).toBe('Support');

  // An answer opens and closes by its question.
  const question = main.getByRole('button', { name: 'How do I make a new calendar address?' });
  await tabUntil(page, question);
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(main.locator('#new-calendar-address')).toContainText(
    'The address is shown only once, when it is made.',
  );
  await settleAnimations(page);
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'support, en, an answer open' });

  // A guest is asked to sign in, and comes back to the form.
  const signIn = main.getByRole('link', { name: 'Sign in to write to Support' });
  await tabUntil(page, signIn, { limit: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(
      'Sign in to write to Support. You will come back to the Support page afterwards.',
    ),
  ).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In with Google' }).focus();
  await page.keyboard.press('Enter');
  const popup = await popupOpened;
  await popup.getByLabel('Name').fill('Nadia Rahman');
  await popup.getByLabel('Email').fill(uniqueEmail('support'));
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
  await expect(page).toHaveURL(/\/support#contact$/);
  const subject = main.getByRole('textbox', { name: 'Subject' });
  await expect(subject).toBeVisible();

  // Nothing typed: focus goes to the first wrong field, which says what is wrong.
  const send = main.getByRole('button', { name: 'Send to Support' });
  await tabUntil(page, send, { limit: 80 });
  await page.keyboard.press('Enter');
  await expect(subject).toBeFocused();
  await expect(subject).toHaveAccessibleDescription(
    'One line, at most 200 characters. Please give the conversation a subject.',
  );

  await page.keyboard.type('My calendar stopped updating');
  await page.keyboard.press('Tab');
  await expect(main.getByRole('textbox', { name: 'Your question' })).toBeFocused();
  await page.keyboard.type('Google Calendar shows no new appointments since Monday.');
  await tabUntil(page, send);
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/messages/threads'),
  );
  await page.keyboard.press('Enter');
  const response = await answer;
  expect(response.status()).toBe(201);
  const { thread } = (await response.json()) as { thread: { _id: string; kind: string } };
  expect(thread.kind).toBe('support');
  await expect(page).toHaveURL(new RegExp(`/messages/${thread._id}$`));
});

test('in Arabic the page is mirrored, an address opens its answer, and axe finds nothing', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/support#calendar-feed');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('الدعم');
  const question = main.getByRole('button', { name: 'كيف أرى مواعيدي في تطبيق التقويم؟' });
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(main.locator('#calendar-feed')).toContainText('فعّل موجز التقويم');
  await expect(main.getByRole('link', { name: 'سجّل الدخول لتكتب إلى الدعم' })).toBeVisible();
  await settleAnimations(page);
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'support, ar' });

  // A fragment of this page typed in the address bar opens its answer too.
  await page.goto('/support#refunds');
  await expect(main.getByRole('button', { name: 'هل يمكنني استرداد المبلغ؟' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});
