import { nextOccurrenceAfter } from '@portal/shared/care-plan-rrule';
import { expectAxeClean } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { announcer } from './support/keyboard.ts';
import { createPatients, patientBody, viewDetailsButton } from './support/patients.ts';
import { CHECKOUT_TEXTS } from './support/server-texts.ts';
import { uniqueEmail } from './support/session.ts';
import { openSideMenu } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';
import { textPattern, type Language } from './support/texts.ts';

/**
 * Premier end to end, as a person does it (in English; right-to-left Arabic up to Today): pay
 * through the local hosted checkout, find the transaction (INV-…) and its printable receipt,
 * build a care plan with an activity due today, see it on Today, get its reminder in the
 * header's bell (made by the server's pg-boss sweep, every second on the e2e server:
 * REMINDERS_SWEEP_SECONDS in support/global-setup.ts, and the bell asks at that pace), mark it
 * done, refund, and at the next page load find every member-only feature gone, explained, with
 * the way back to /premier.
 * Focus and announcements are checked where the page moves them; axe on each page of Premier's.
 * Every step waits for what the reader sees or hears, never for time.
 */
for (const language of ['en', 'ar'] as const satisfies Language[]) {
  const steps =
    language === 'en'
      ? 'from payment to refund: transaction, receipt, care plan, Today, reminder, premium ended'
      : 'from payment to Today: transaction, receipt, care plan (layout and axe)';
  test(`Premier ${steps} (${language})`, async ({ page, baseURL }) => {
    // One journey of many steps (pay and refund, a member's care plan, a non-member's Today):
    // longer than one short test's 30 s budget.
    test.slow();
    let patientId = '';
    const { t, main, heard, session } = await openAs(page, baseURL!, language, '/premier', {
      email: uniqueEmail(`premier-journey-${language}`),
      name: 'Journey Reader',
      prepare: async ({ idToken }) => {
        [patientId] = await createPatients(page, baseURL!, idToken, [patientBody('Amina Yusuf')]);
      },
    });
    const auth = { authorization: `Bearer ${session!.idToken}` };
    const heading = page.locator('main h1');
    // After a navigation: the page's heading (`shown` once its data is in) has focus, and the
    // page's name was read out.
    const arrivedAt = async (title: string, shown = title) => {
      await expect(heading).toHaveText(shown);
      await expect(heading).toBeFocused();
      await expect.poll(() => heard.includes(title)).toBe(true);
    };
    const chooseFromMenu = async (item: string) =>
      (await openSideMenu(page)).getByRole('link', { name: t(item), exact: true }).click();
    // Records from the side menu, then the patient's details (where the care plans are).
    const openPatientDetails = async () => {
      await chooseFromMenu('common:menu.records');
      await arrivedAt(t('records:heading'));
      await viewDetailsButton(main, t, 'Amina Yusuf').click();
    };
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // Pay through the local hosted checkout, with the keyboard on its page.
    const become = main.getByRole('button', { name: t('premium:form.submit') });
    await expect(become).toBeEnabled();
    await become.click();
    await expect(page).toHaveURL(/\/api\/premier\/local-checkout\/cs_local_[\w-]+$/);
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: CHECKOUT_TEXTS[language].pay, exact: true }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading).toHaveText(t('premium:success.title'));

    // Transaction History from the side menu: the payment with its invoice number.
    let menu = await openSideMenu(page);
    await expect(menu.getByRole('button', { name: t('common:menu.premiumed') })).toBeVisible();
    await menu.getByRole('link', { name: t('common:menu.transactionHistory') }).click();
    await arrivedAt(t('transactions:title'));
    const row = main.getByRole('row').filter({ hasText: /INV-\d+/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('transactions:status.paid'));
    const amount = await page.evaluate(
      (lang) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(100),
      language,
    );
    await expect(row).toContainText(amount);
    const invoice = (await row
      .getByText(/^INV-\d+$/)
      .first()
      .textContent())!;
    await expectAxeClean(page, { include: 'main' });

    // Its printable receipt: seller, buyer, item, amount, card, invoice; printing shows only it.
    await row.getByRole('link', { name: new RegExp(t('transactions:receiptLink')) }).click();
    await arrivedAt(
      t('transactions:receipt.title'),
      `${t('transactions:receipt.title')} ${invoice}`,
    );
    const receipt = page.getByRole('article');
    await expect(receipt).toContainText('Visa •••• 4242');
    for (const text of [
      invoice,
      t('transactions:receipt.sellerName'),
      'Journey Reader',
      t('transactions:receipt.itemName'),
      amount,
    ])
      await expect(receipt).toContainText(text);
    await expectAxeClean(page, { include: 'main' });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: t('transactions:receipt.print') })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // The profile says Premium Member (until the refund, below).
    await chooseFromMenu('common:menu.viewProfile');
    await expect(main.getByRole('link', { name: t('profile:premiumMember') })).toBeVisible();

    // A care plan for a patient: a goal, and an activity every 3 months from today (due now).
    await openPatientDetails();
    const plans = main.getByRole('region', { name: t('carePlans:section.title'), exact: true });
    await plans.getByRole('button', { name: t('carePlans:section.add') }).click();
    const form = plans.getByRole('form', { name: t('carePlans:form.addTitle') });
    await form.getByLabel(t('carePlans:form.title'), { exact: true }).fill('Diabetes follow-up');
    await form.getByRole('button', { name: t('carePlans:form.addGoal') }).click();
    await form
      .getByLabel(t('carePlans:form.goalText', { number: 1 }), { exact: true })
      .fill('HbA1c below 7%');
    await form.getByRole('button', { name: t('carePlans:form.addActivity') }).click();
    await form
      .getByLabel(t('carePlans:form.activityTitle', { number: 1 }), { exact: true })
      .fill('HbA1c test');
    await form
      .getByLabel(t('carePlans:form.repeat', { number: 1 }))
      .selectOption({ label: t('carePlans:recurrence.preset.every3Months') });
    // The rule in words under the choice.
    await expect(
      form.locator('p', { hasText: t('carePlans:recurrence.every.monthly', { count: 3 }) }),
    ).toBeVisible();
    await expectAxeClean(page, { include: 'main' });
    const start = await form
      .getByLabel(t('carePlans:form.start', { number: 1 }), { exact: true })
      .inputValue();
    await form.getByRole('button', { name: t('carePlans:form.save') }).click();
    const saved = t('carePlans:section.saved', { title: 'Diabetes follow-up' });
    await expect(plans.getByRole('status').first()).toHaveText(saved);
    await expect(
      plans.getByText(t('carePlans:occurrence.state.due'), { exact: true }),
    ).toBeVisible();
    // Today's with Done and Skip; the next one, three months on, a date without buttons.
    const next = await page.evaluate(
      ([day, lang]) =>
        new Intl.DateTimeFormat(lang, { timeZone: 'UTC', dateStyle: 'medium' }).format(
          new Date(`${day}T00:00:00Z`),
        ),
      [
        nextOccurrenceAfter({ start, rrule: 'FREQ=MONTHLY;INTERVAL=3', after: start })!,
        language,
      ] as const,
    );
    await expect(plans.getByText(t('carePlans:section.next', { date: next }))).toBeVisible();
    await expect(
      plans.getByRole('button', { name: textPattern(language, 'carePlans:occurrence.doneLabel') }),
    ).toHaveCount(1);

    // Today lists it.
    await chooseFromMenu('common:menu.today');
    await arrivedAt(t('carePlans:today.title'));
    const item = main.getByRole('listitem').filter({ hasText: 'HbA1c test' });
    await expect(item).toContainText('Amina Yusuf');
    await expect(item).toContainText(t('carePlans:occurrence.state.due'));
    // Arabic is a pass over Premier's own pages for direction, layout and axe; the reminder,
    // marking and refund below run the same code in either language, so English alone walks them.
    if (language === 'ar') return;

    // The sweep makes its reminder; the bell shows and announces the count.
    const bell = page
      .getByRole('banner')
      .getByRole('button', { name: t('reminders:bell', { count: 1 }) });
    await expect(bell).toBeVisible();
    await expect.poll(() => heard.includes(t('reminders:announce', { count: 1 }))).toBe(true);
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: t('reminders:title'), exact: true });
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await expect(panel.getByRole('listitem')).toContainText('Amina Yusuf');
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(bell).toBeFocused();

    // Marked done on Today: announced, focus on the list's heading, nothing left due.
    await item
      .getByRole('button', { name: textPattern(language, 'carePlans:occurrence.doneLabel') })
      .click();
    await expect(announcer(page)).toHaveText(
      t('carePlans:occurrence.announce.done', { activity: 'HbA1c test' }),
    );
    await expect(heading).toBeFocused();
    await expect(main.getByText(t('carePlans:today.none'))).toBeVisible();

    // Refund through the local provider, from Transaction History, with the keyboard.
    await chooseFromMenu('common:menu.transactionHistory');
    await arrivedAt(t('transactions:title'));
    const refund = main.getByRole('button', {
      name: new RegExp(t('transactions:refund').replace(/[()]/g, '\\$&')),
    });
    await refund.focus();
    await page.keyboard.press('Enter');
    const refunded = t('transactions:refundDone', { invoice });
    await expect(main.getByRole('status').filter({ hasText: refunded })).toBeVisible();
    await expect.poll(() => heard.includes(refunded)).toBe(true);
    await expect(row).toContainText(t('transactions:status.refunded'));
    await expect(refund).toHaveCount(0);
    // Its button gone, focus is on the receipt link beside it.
    await expect(
      row.getByRole('link', { name: new RegExp(t('transactions:receiptLink')) }),
    ).toBeFocused();

    // The next page load: the menu, the profile and the bell are a non-member's again.
    await page.reload();
    await expect(heading).toHaveText(t('transactions:title'));
    await expect(row).toContainText(t('transactions:status.refunded'));
    await expect(
      page.getByRole('banner').getByRole('button', { name: t('reminders:bell_zero') }),
    ).toBeVisible();
    menu = await openSideMenu(page);
    await expect(menu.getByRole('link', { name: t('common:menu.premier') })).toBeVisible();
    await expect(menu.getByRole('button', { name: t('common:menu.premiumed') })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: t('common:menu.today'), exact: true })).toHaveCount(
      0,
    );
    await menu.getByRole('link', { name: t('common:menu.viewProfile') }).click();
    // The name in the personal information (the public listing's preview repeats it).
    await expect(
      main
        .getByRole('region', { name: t('profile:section') })
        .getByText('Journey Reader', { exact: true }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: t('profile:premiumMember') })).toHaveCount(0);

    // The patient's care plans explain Premier and lead to /premier; the API behind says 402.
    for (const path of [
      `/api/records/patients/${patientId}/care-plans`,
      '/api/premier/today',
      '/api/reminders',
    ]) {
      const answer = await page.request.get(path, { headers: auth });
      expect(answer.status()).toBe(402);
      expect(((await answer.json()) as { code: string }).code).toBe('PREMIUM_REQUIRED');
    }
    await openPatientDetails();
    await expect(plans.getByRole('heading', { name: t('carePlans:premier.title') })).toBeVisible();
    await expect(plans.getByText('Diabetes follow-up')).toHaveCount(0);
    await expectAxeClean(page, { include: 'main' });
    await plans.getByRole('link', { name: t('carePlans:premier.link') }).click();
    await expect(page).toHaveURL(/\/premier$/);
    await arrivedAt(t('premium:title'));
  });
}
