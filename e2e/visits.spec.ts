import path from 'node:path';
import { expectAxeClean } from './support/axe.ts';
import { openRecordsAs, patientBody, viewDetailsButton } from './support/patients.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * Visits: on a patient's details, record a visit with vitals (BMI computed as typed),
 * sign it after the question, add an addendum; focus on each new state, no axe violation, in
 * English and right-to-left Arabic. Screenshots of the details land in .test-results.
 */
for (const language of ['en', 'ar'] as const) {
  test(`${language}: records a visit with vitals, signs it and adds an addendum`, async ({
    page,
    baseURL,
  }) => {
    const { t, main } = await openRecordsAs(page, baseURL!, language, [patientBody('Amina Yusuf')]);
    await viewDetailsButton(main, t, 'Amina Yusuf').click();
    const visits = main.getByRole('region', { name: t('visits:title'), exact: true });
    await visits.getByRole('button', { name: t('visits:list.record') }).click();
    const form = visits.getByRole('form', { name: t('visits:form.label') });
    await form.getByLabel(t('visits:vitals.weight')).fill('80');
    await form.getByLabel(t('visits:vitals.height')).fill('180');
    // The browser's own digits for the language (Chromium writes Latin digits for `ar`).
    const bmi = await page.evaluate((code) => new Intl.NumberFormat(code).format(24.7), language);
    await expect(form.getByText(t('visits:units.bmi', { value: bmi }))).toBeVisible();
    await form.getByLabel(t('visits:vitals.systolic')).fill('130');
    await form.getByLabel(t('visits:vitals.diastolic')).fill('85');
    await form.getByLabel(`${t('visits:form.reason')} ${t('visits:form.optional')}`).fill('Cough');
    await expectAxeClean(page, { include: 'main' });
    await form.getByRole('button', { name: t('visits:form.save') }).click();

    const visit = visits.getByRole('listitem').filter({ hasText: 'Cough' });
    await expect(visit.getByRole('heading')).toBeFocused();
    await expect(visits.getByRole('status')).toHaveText(t('visits:announce.recorded'));
    await visit.getByRole('button', { name: t('visits:item.sign') }).click();
    await expect(
      visit.getByRole('button', { name: t('visits:sign.confirm'), exact: true }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(visits.getByRole('status')).toHaveText(t('visits:announce.signed'));
    await visit.getByRole('button', { name: t('visits:item.addAddendum') }).click();
    await page.keyboard.type('Peak flow 380.');
    await visit.getByRole('button', { name: t('visits:addendum.save') }).click();
    await expect(visit.getByText('Peak flow 380.')).toBeVisible();
    await expect(visits.getByRole('status')).toHaveText(t('visits:announce.amended'));

    await expectAxeClean(page, { include: 'main' });
    await visits.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(RESULTS_DIR, `visits-details-${language}.png`),
      fullPage: true,
    });
  });
}
