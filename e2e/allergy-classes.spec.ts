import path from 'node:path';
import { expectAxeClean } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { addAllergy, press } from './support/clinical.ts';
import { skipToMain } from './support/keyboard.ts';
import { createPatients, patientBody, viewDetailsButton } from './support/patients.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * The allergy check by drug class, by keyboard, in English and right-to-left Arabic: recording a
 * penicillin allergy lists the active amoxicillin (a match) and cefalexin (a caution) in the
 * section's status line; prescribing co-amoxiclav then meets a warning that names the class.
 * Screenshots of both in .test-results.
 */

for (const language of ['en', 'ar'] as const) {
  test(`${language}: a penicillin allergy lists the penicillins and cephalosporins in use, then warns for co-amoxiclav`, async ({
    page,
    baseURL,
  }) => {
    const name = 'Leila Haddad';
    const { t, main } = await openAs(page, baseURL!, language, '/records', {
      prepare: async ({ idToken }) => {
        const [patientId] = await createPatients(page, baseURL!, idToken, [patientBody(name)]);
        for (const medication of ['Amoxicillin 500 mg', 'Cefalexin 500 mg', 'Metformin'])
          expect(
            (
              await page.request.post(
                `${baseURL}/api/records/patients/${patientId}/prescriptions`,
                {
                  headers: { authorization: `Bearer ${idToken}` },
                  data: { medication, dose: '1 tablet', route: 'oral', frequency: 'twice a day' },
                },
              )
            ).status(),
          ).toBe(201);
      },
    });
    await expect(page.locator('main h1')).toHaveText(t('records:heading'));
    await skipToMain(page, t('common:skipToContent'));
    await press(viewDetailsButton(main, t, name));
    // The chart at its own address, arrived at on the patient's name.
    await expect(main.getByRole('heading', { level: 1, name })).toBeFocused();
    const allergies = await addAllergy(main, t, {
      substance: 'Penicillin',
      severity: 'severe',
    });
    const status = allergies.getByRole('status');
    await expect(status).toContainText(t('clinical:allergies.saved', { substance: 'Penicillin' }));
    await expect(status).toContainText(t('clinical:allergies.matches', { count: 2 }));
    await expect(status.getByRole('listitem')).toHaveText([
      t('clinical:warning.classMatch', {
        medication: 'Amoxicillin 500 mg',
        drugClass: t('clinical:drugClass.J01C'),
        substance: 'Penicillin',
      }),
      t('clinical:warning.caution', {
        medication: 'Cefalexin 500 mg',
        drugClass: t('clinical:drugClass.J01D'),
        substance: 'Penicillin',
      }),
    ]);
    await expect(
      allergies
        .getByRole('list', { name: t('clinical:allergies.title') })
        .getByRole('listitem')
        .filter({ hasText: 'Penicillin' }),
    ).toBeFocused();
    await allergies.screenshot({ path: path.join(RESULTS_DIR, `allergy-matches-${language}.png`) });
    await expectAxeClean(page, { include: 'main' });

    const medications = main.getByRole('region', {
      name: t('clinical:medications.title'),
      exact: true,
    });
    await press(medications.getByRole('button', { name: t('clinical:medications.add') }));
    const form = medications.getByRole('form', { name: t('clinical:medications.addTitle') });
    await form.getByLabel(t('clinical:medications.medication')).fill('Co-amoxiclav 625 mg');
    await form.getByLabel(t('clinical:medications.dose'), { exact: true }).fill('1 tablet');
    await form.getByLabel(t('clinical:medications.route')).selectOption('oral');
    await form.getByLabel(t('clinical:medications.frequency')).fill('three times a day');
    await press(form.getByRole('button', { name: t('clinical:medications.save') }));
    const warning = form.getByRole('alert');
    await expect(warning).toBeFocused();
    await expect(warning).toContainText(
      t('clinical:warning.classMatch', {
        medication: 'Co-amoxiclav 625 mg',
        drugClass: t('clinical:drugClass.J01C'),
        substance: 'Penicillin',
      }),
    );
    await warning.screenshot({ path: path.join(RESULTS_DIR, `allergy-warning-${language}.png`) });
    await expectAxeClean(page, { include: 'main' });
  });
}
