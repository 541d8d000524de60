import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { openAs } from './support/journey.ts';
import { announcer } from './support/keyboard.ts';
import { createPatients, patientBody } from './support/patients.ts';
import { RESULTS_DIR } from './support/server.ts';
import { becomeMember } from './support/premier.ts';
import { openSideMenu } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';
import { textPattern } from './support/texts.ts';

/**
 * Issue 18, care plans: a member creates a plan with an activity every 3 months from today, sees
 * it on Today and marks it done; a non-member gets what Premier adds and the way to /premier. In
 * English and right-to-left Arabic, axe-clean; screenshots land in .test-results.
 */

for (const language of ['en', 'ar'] as const) {
  test(`${language}: a member plans an activity every 3 months, sees it on Today and marks it done`, async ({
    page,
    baseURL,
  }) => {
    const { t, main } = await openAs(page, baseURL!, language, '/records', {
      prepare: async (session) => {
        await createPatients(page, baseURL!, session.idToken, [patientBody('Amina Yusuf')]);
        await becomeMember(page, baseURL!, session.idToken);
      },
    });
    await main
      .getByRole('listitem')
      .filter({ hasText: 'Amina Yusuf' })
      .getByRole('button', { name: t('records:list.viewDetails') })
      .click();
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
    // The start is today by default: the first occurrence is due at once.
    await form
      .getByLabel(t('carePlans:form.repeat', { number: 1 }))
      .selectOption({ label: t('carePlans:recurrence.preset.every3Months') });
    // The summary in words under the choice (the option itself says the same).
    await expect(
      form.locator('p', { hasText: t('carePlans:recurrence.every.monthly', { count: 3 }) }),
    ).toBeVisible();
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    await form.getByRole('button', { name: t('carePlans:form.save') }).click();
    await expect(plans.getByRole('status').first()).toHaveText(
      t('carePlans:section.saved', { title: 'Diabetes follow-up' }),
    );
    await expect(
      plans.getByText(t('carePlans:occurrence.state.due'), { exact: true }),
    ).toBeVisible();
    await plans.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(RESULTS_DIR, `care-plans-details-${language}.png`),
      fullPage: true,
    });

    const menu = await openSideMenu(page);
    await menu.getByRole('link', { name: t('common:menu.today') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('carePlans:today.title') }),
    ).toBeVisible();
    const item = main.getByRole('listitem').filter({ hasText: 'HbA1c test' });
    await expect(item).toContainText('Amina Yusuf');
    await expect(item).toContainText(t('carePlans:occurrence.state.due'));
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    await page.screenshot({
      path: path.join(RESULTS_DIR, `care-plans-today-${language}.png`),
      fullPage: true,
    });
    await item
      .getByRole('button', { name: textPattern(language, 'carePlans:occurrence.doneLabel') })
      .click();
    // Read out by the layout's live region: the list leaves with its last item.
    await expect(announcer(page)).toHaveText(
      t('carePlans:occurrence.announce.done', { activity: 'HbA1c test' }),
    );
    await expect(main.getByText(t('carePlans:today.none'))).toBeVisible();
    await expect(item).toHaveCount(0);
  });

  test(`${language}: a non-member sees what Premier adds on Today and in a patient's details, with the way to /premier`, async ({
    page,
    baseURL,
  }) => {
    const { t, main } = await openAs(page, baseURL!, language, '/today');
    await expect(
      page.getByRole('heading', { level: 1, name: t('carePlans:today.title') }),
    ).toBeVisible();
    await expect(
      main.getByRole('heading', { level: 2, name: t('carePlans:premier.title') }),
    ).toBeVisible();
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    await page.screenshot({
      path: path.join(RESULTS_DIR, `care-plans-premier-${language}.png`),
      fullPage: true,
    });
    await main.getByRole('link', { name: t('carePlans:premier.link') }).click();
    await expect(page).toHaveURL(/\/premier$/);
    await expect(page.getByRole('heading', { level: 1, name: t('premium:title') })).toBeVisible();
  });
}
