import path from 'node:path';
import { expectAxeClean } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { skipToMain, tabTo } from './support/keyboard.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * The practitioner's practice, end to end: the Practice section filled by keyboard, a patient
 * with a Portuguese mobile (+351) and a date of birth added in the form, an allergy recorded,
 * and the printed prescription showing the practice address, the registration number, the date
 * of birth and the allergy. Then a short pass in Arabic (right to left) with axe. Screenshots in
 * .test-results.
 */
test('practice: the Practice section by keyboard, a +351 patient with a date of birth, the printed prescription', async ({
  page,
  baseURL,
}) => {
  const { t, main, session } = await openAs(page, baseURL!, 'en', '/userProfile', {
    name: 'Dr Rita Sousa',
  });
  await expect(page.locator('main h1')).toHaveText(t('profile:title'));
  await skipToMain(page, t('common:skipToContent'));

  // The Practice section, by keyboard only.
  await tabTo(page, t('practice:edit'));
  await page.keyboard.press('Enter');
  const practiceName = main.getByLabel(t('practice:fields.name'), { exact: true });
  await expect(practiceName).toBeFocused();
  await page.keyboard.insertText('Clínica do Rio');
  await page.keyboard.press('Tab');
  await page.keyboard.insertText('Rua das Flores 12');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('2.º esquerdo');
  await page.keyboard.press('Tab');
  await page.keyboard.insertText('4050-262');
  await page.keyboard.press('Tab');
  await page.keyboard.insertText('Porto');
  await page.keyboard.press('Tab');
  const country = main.getByLabel(t('practice:fields.country'), { exact: true });
  await expect(country).toBeFocused();
  // A closed select takes the letters of an option's name.
  await page.keyboard.type('Portugal');
  await expect(country).toHaveValue('PT');
  await page.keyboard.press('Tab');
  await page.keyboard.insertText('22 123 4567');
  await page.keyboard.press('Tab');
  await page.keyboard.insertText('OM 54321');
  await page.keyboard.press('Tab');
  await page.keyboard.insertText('24');
  await page.keyboard.press('Enter');
  const toggle = main.getByRole('button', { name: t('practice:edit') });
  await expect(toggle).toBeFocused();
  await expect(main.getByText(t('practice:save.saved'))).toBeVisible();
  await expect(main.getByText('22 123 4567', { exact: true })).toBeVisible();
  await page.screenshot({
    path: path.join(RESULTS_DIR, 'practice-profile-en.png'),
    fullPage: true,
  });

  // A patient with a Portuguese mobile and a date of birth, through the form.
  await page.goto('/records');
  await main.getByRole('button', { name: t('records:add') }).click();
  await main.getByLabel(t('records:fields.name'), { exact: true }).fill('Inês Carvalho');
  await main.getByLabel(t('records:fields.diagnosedWith')).fill('Asthma');
  await main.getByLabel(t('records:fields.address')).fill('Rua Nova 3, Porto');
  await main
    .getByLabel(`${t('records:fields.dateOfBirth')} ${t('records:fields.optional')}`)
    .fill('1984-07-09');
  await expect(main.getByLabel(t('records:fields.age'), { exact: true })).not.toHaveValue('');
  await main.getByLabel(t('records:fields.bloodGroup')).selectOption('O+');
  await main.getByLabel(t('records:fields.gender')).selectOption('Female');
  await main.getByLabel(t('records:fields.phone')).fill('+351 912 345 678');
  await main.getByLabel(t('records:fields.emergencyPhone')).fill('912 345 679');
  await main.getByRole('button', { name: t('records:form.create') }).click();
  // A new patient opens their chart.
  await expect(page).toHaveURL(/\/records\/patients\/[^/]+$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Inês Carvalho' })).toBeVisible();

  const headers = { authorization: `Bearer ${session!.idToken}` };
  const listed = await page.request.get(`${baseURL}/api/records/patients`, { headers });
  const [patient] = (await listed.json()) as {
    _id: string;
    phone: string;
    emergencyContact: { phone: string };
    dateOfBirth: string;
  }[];
  expect(patient).toMatchObject({
    phone: '+351912345678',
    emergencyContact: { phone: '+351912345679' },
    dateOfBirth: '1984-07-09',
  });
  const allergy = await page.request.post(
    `${baseURL}/api/records/patients/${patient!._id}/allergies`,
    { headers, data: { substance: 'Penicillin', severity: 'severe', reaction: 'Hives' } },
  );
  expect(allergy.status()).toBe(201);

  // The printed prescription.
  await page.goto(`/records/patients/${patient!._id}/prescriptions/print`);
  await expect(
    page.getByRole('heading', { level: 1, name: t('clinical:print.title') }),
  ).toBeVisible();
  const address = page.locator('address');
  await expect(address).toContainText('Clínica do Rio');
  await expect(address).toContainText('Rua das Flores 12');
  await expect(address).toContainText('4050-262 Porto');
  await expect(address).toContainText('22 123 4567');
  const fact = (key: string) =>
    page
      .locator('dl div')
      .filter({ has: page.getByText(t(key), { exact: true }) })
      .locator('dd');
  await expect(fact('clinical:print.registrationNumber')).toHaveText('OM 54321');
  await expect(fact('clinical:print.dateOfBirth')).toHaveText('July 9, 1984');
  const allergies = page.getByRole('region', { name: t('clinical:print.allergies') });
  await expect(allergies.getByRole('listitem')).toHaveText('Penicillin (Severe): Hives');
  await page.screenshot({ path: path.join(RESULTS_DIR, 'practice-print-en.png'), fullPage: true });

  // A short pass in Arabic: the section, the print, both clean for axe.
  // After the journey's own choice of English, which runs first at each load.
  await page.addInitScript(() => localStorage.setItem('lang', 'ar'));
  await page.goto('/userProfile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'العيادة' })).toBeVisible();
  await expect(main.getByText('البرتغال')).toBeVisible();
  await expectAxeClean(page, { include: 'main', label: 'profile, Arabic' });
  await page.screenshot({
    path: path.join(RESULTS_DIR, 'practice-profile-ar.png'),
    fullPage: true,
  });
  await page.goto(`/records/patients/${patient!._id}/prescriptions/print`);
  await expect(page.getByText('رقم التسجيل')).toBeVisible();
  await expect(page.getByText('الحساسية', { exact: true })).toBeVisible();
  await expectAxeClean(page, { label: 'print, Arabic' });
  await page.screenshot({ path: path.join(RESULTS_DIR, 'practice-print-ar.png'), fullPage: true });
});
