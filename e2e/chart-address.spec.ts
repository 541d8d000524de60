import path from 'node:path';
import { expectAxeClean } from './support/axe.ts';
import { press } from './support/clinical.ts';
import { openRecordsAs, patientBody, viewDetailsButton } from './support/patients.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

const CHART = /\/records\/patients\/[\w-]+$/;

/**
 * A patient's chart at its own address, by keyboard: opened from the list, at a section by its
 * fragment, left and come back to with the browser's Back and Forward, and reloaded.
 */
test('en: the chart has its own address, which Back, Forward and a reload keep', async ({
  page,
  baseURL,
}) => {
  const name = 'Nadia Rahman';
  const { t, main, listHeading } = await openRecordsAs(page, baseURL!, 'en', [
    patientBody(name),
    patientBody('Omar Haddad'),
  ]);
  await expect(listHeading).toBeVisible();

  await press(viewDetailsButton(main, t, name));
  await expect(page).toHaveURL(CHART);
  const chartUrl = page.url();
  const heading = main.getByRole('heading', { level: 1, name });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(`${name} · CareBridge`);

  // A section by its fragment: scrolled to, focus on its heading.
  await page.goto(`${chartUrl}#vitals`);
  const vitals = main.getByRole('heading', { name: t('vitals:title') });
  await expect(vitals).toBeFocused();
  await expect(vitals).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL(chartUrl);
  await page.goBack();
  // The list's entry (its address keeps the skip link's #main).
  await expect(page).toHaveURL(/\/records(#main)?$/);
  await expect(viewDetailsButton(main, t, name)).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('records:heading'));

  await page.goForward();
  await expect(page).toHaveURL(chartUrl);
  await expect(heading).toBeVisible();

  await page.reload();
  await expect(heading).toBeVisible();
  await expect(main.getByRole('heading', { name: t('records:details.title') })).toBeVisible();
  await page.screenshot({ path: path.join(RESULTS_DIR, 'chart-address-en.png') });

  // Back to List from the reloaded chart: the list's entry it was opened from.
  await press(main.getByRole('button', { name: t('records:details.back') }));
  await expect(page).toHaveURL(/\/records(#main)?$/);
  await expect(listHeading).toBeVisible();
});

test('ar: the chart, right to left, arrives on the name with no axe violation', async ({
  page,
  baseURL,
}) => {
  const name = 'ليلى حداد';
  const { t, main } = await openRecordsAs(page, baseURL!, 'ar', [patientBody(name)]);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await press(viewDetailsButton(main, t, name));
  await expect(page).toHaveURL(CHART);
  await expect(main.getByRole('heading', { level: 1, name })).toBeFocused();
  await expect(main.getByRole('heading', { name: t('records:details.title') })).toBeVisible();
  await page.screenshot({ path: path.join(RESULTS_DIR, 'chart-address-ar.png') });
  await expectAxeClean(page, { include: 'main' });

  // Someone else's or an unknown patient: said so, with the way back.
  await page.goto('/records/patients/0b7d6c1e-0000-4000-8000-00000000beef');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('records:details.notFound'));
  await expect(main.getByRole('link', { name: t('records:details.back') })).toBeVisible();
  await expectAxeClean(page, { include: 'main' });
});
