import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { addAllergy, press } from './support/clinical.ts';
import { skipToMain } from './support/keyboard.ts';
import { createPatients, patientBody, viewDetailsButton } from './support/patients.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';
import type { Language } from './support/texts.ts';

/**
 * The patient's history end to end, by keyboard: a visit with vitals, signed, with an
 * addendum; an allergy, a prescription that meets its warning and is acknowledged, a stopped
 * prescription, and the printed prescription (no site chrome, printed to PDF in
 * .test-results). Focus lands on each new state and every change is announced; axe finds
 * nothing, in English and right-to-left Arabic.
 */

/** What a prescription needs, as `POST …/prescriptions` takes it. */
type PrescriptionBody = Record<string, string>;

/** Stores the patient `name` (with `prescriptions`) through the API; its id. */
async function storePatient(
  page: Page,
  baseURL: string,
  idToken: string,
  name: string,
  prescriptions: PrescriptionBody[] = [],
) {
  const [patientId] = await createPatients(page, baseURL, idToken, [
    { ...patientBody(name), age: 42 },
  ]);
  for (const data of prescriptions) {
    const created = await page.request.post(
      `${baseURL}/api/records/patients/${patientId}/prescriptions`,
      { headers: { authorization: `Bearer ${idToken}` }, data },
    );
    expect(created.status()).toBe(201);
  }
  return patientId!;
}

/**
 * A signed-in practitioner on /records (focus on `<main>` by the skip link) with the details of
 * `name` opened by keyboard, the patient's `prescriptions` stored first.
 */
async function openDetails(
  page: Page,
  baseURL: string,
  language: Language,
  name: string,
  prescriptions: PrescriptionBody[] = [],
) {
  const opened = await openAs(page, baseURL, language, '/records', {
    prepare: async ({ idToken }) =>
      void (await storePatient(page, baseURL, idToken, name, prescriptions)),
  });
  const { t, main } = opened;
  await expect(page.locator('main h1')).toHaveText(t('records:heading'));
  await skipToMain(page, t('common:skipToContent'));
  await press(viewDetailsButton(main, t, name));
  // The chart at its own address, arrived at on the patient's name.
  await expect(main.getByRole('heading', { level: 1, name })).toBeFocused();
  await expect(main.getByText(name, { exact: true }).first()).toBeVisible();
  return opened;
}

for (const language of ['en', 'ar'] as const) {
  test(`${language}: records a visit with vitals, signs it and adds an addendum, by keyboard`, async ({
    page,
    baseURL,
  }) => {
    const { t, main } = await openDetails(page, baseURL!, language, 'Amina Yusuf');
    const visits = main.getByRole('region', { name: t('visits:title'), exact: true });
    await press(visits.getByRole('button', { name: t('visits:list.record') }));
    const form = visits.getByRole('form', { name: t('visits:form.label') });
    await form.getByLabel(`${t('visits:form.reason')} ${t('visits:form.optional')}`).fill('Cough');
    await form.getByLabel(t('visits:vitals.systolic')).fill('130');
    await form.getByLabel(t('visits:vitals.diastolic')).fill('85');
    await form.getByLabel(t('visits:vitals.heartRate')).fill('72');
    await form.getByLabel(t('visits:vitals.weight')).fill('80');
    await form.getByLabel(t('visits:vitals.height')).fill('180');
    await press(form.getByRole('button', { name: t('visits:form.save') }));

    const visit = visits.getByRole('listitem').filter({ hasText: 'Cough' });
    await expect(visit.getByRole('heading', { name: /Cough/ })).toBeFocused();
    await expect(visits.getByRole('status')).toHaveText(t('visits:announce.recorded'));
    const digits = (value: number) =>
      page.evaluate(([code, n]) => new Intl.NumberFormat(code).format(n), [
        language,
        value,
      ] as const);
    await expect(
      visit.getByText(
        t('visits:units.bloodPressure', {
          systolic: await digits(130),
          diastolic: await digits(85),
        }),
      ),
    ).toBeVisible();

    await press(visit.getByRole('button', { name: t('visits:item.sign') }));
    await expect(
      visit.getByRole('button', { name: t('visits:sign.confirm'), exact: true }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(visits.getByRole('status')).toHaveText(t('visits:announce.signed'));
    await expect(visit.getByRole('heading', { name: /Cough/ })).toBeFocused();
    await expect(visit.getByRole('button', { name: t('visits:item.edit') })).toHaveCount(0);

    await press(visit.getByRole('button', { name: t('visits:item.addAddendum') }));
    await expect(visit.getByRole('textbox', { name: t('visits:addendum.text') })).toBeFocused();
    await page.keyboard.type('Peak flow 380.');
    await press(visit.getByRole('button', { name: t('visits:addendum.save') }));
    await expect(visit.getByText('Peak flow 380.')).toBeVisible();
    await expect(visits.getByRole('status')).toHaveText(t('visits:announce.amended'));
    await expect(visit.getByRole('heading', { name: /Cough/ })).toBeFocused();
    await expectAxeClean(page, { include: 'main' });
  });

  test(`${language}: records an allergy, then meets its warning when prescribing and acknowledges it`, async ({
    page,
    baseURL,
  }) => {
    const { t, main } = await openDetails(page, baseURL!, language, 'Chidi Okafor');
    const allergies = await addAllergy(main, t, {
      substance: 'Penicillin',
      reaction: 'Hives',
      severity: 'severe',
    });
    await expect(allergies.getByRole('status')).toHaveText(
      t('clinical:allergies.saved', { substance: 'Penicillin' }),
    );
    await expect(allergies.getByRole('listitem').filter({ hasText: 'Penicillin' })).toBeFocused();

    const medications = main.getByRole('region', {
      name: t('clinical:medications.title'),
      exact: true,
    });
    /** Prescribes `medication` through the form; the form, to answer its warning. */
    async function prescribe(medication: string, strength: string, instructions: string) {
      await press(medications.getByRole('button', { name: t('clinical:medications.add') }));
      const form = medications.getByRole('form', { name: t('clinical:medications.addTitle') });
      await form.getByLabel(t('clinical:medications.medication')).fill(medication);
      await form.getByLabel(t('clinical:medications.strength')).fill(strength);
      await form.getByLabel(t('clinical:medications.dose'), { exact: true }).fill('1 tablet');
      await form.getByLabel(t('clinical:medications.route')).selectOption('oral');
      await form.getByLabel(t('clinical:medications.frequency')).fill('twice a day');
      await form.getByLabel(t('clinical:medications.duration')).fill('7 days');
      await form.getByLabel(t('clinical:medications.instructions')).fill(instructions);
      await press(form.getByRole('button', { name: t('clinical:medications.save') }));
      return form;
    }

    const form = await prescribe('Penicillin V', '250 mg', 'Before meals.');
    // The warning is an alert that takes focus; the box under it is the next stop of Tab.
    const warning = form.getByRole('alert');
    await expect(warning).toBeFocused();
    await expect(warning).toContainText(t('clinical:warning.title'));
    await expect(warning).toContainText('Penicillin');
    await expectAxeClean(page, { include: 'main' });
    await page.keyboard.press('Tab');
    const acknowledge = form.getByRole('checkbox', { name: t('clinical:warning.acknowledge') });
    await expect(acknowledge).toBeFocused();
    await page.keyboard.press('Space');
    await expect(acknowledge).toBeChecked();
    await press(form.getByRole('button', { name: t('clinical:medications.save') }));
    await expect(medications.getByRole('status')).toHaveText(
      t('clinical:medications.saved', { medication: 'Penicillin V' }),
    );
    await expect(
      medications.getByRole('listitem').filter({ hasText: 'Penicillin V' }),
    ).toBeFocused();
  });

  test(`${language}: stops a prescription with a reason, then prints the rest in a tab of its own`, async ({
    page,
    baseURL,
    context,
  }) => {
    const { t, main } = await openDetails(page, baseURL!, language, 'Jean Dupont', [
      { medication: 'Ibuprofen', dose: '1 tablet', route: 'oral', frequency: 'twice a day' },
      {
        medication: 'Penicillin V',
        dose: '1 tablet',
        route: 'oral',
        frequency: 'four times a day',
        instructions: 'Before meals.',
      },
    ]);
    const medications = main.getByRole('region', {
      name: t('clinical:medications.title'),
      exact: true,
    });
    await press(
      medications.getByRole('button', {
        name: t('clinical:medications.stopFor', { medication: 'Ibuprofen' }),
      }),
    );
    const stopForm = medications.getByRole('form', {
      name: t('clinical:medications.stopTitle', { medication: 'Ibuprofen' }),
    });
    await stopForm.getByLabel(t('clinical:medications.stopReason')).fill('Stomach pain.');
    await press(stopForm.getByRole('button', { name: t('clinical:medications.stop') }));
    await expect(medications.getByRole('status')).toHaveText(
      t('clinical:medications.stopped', { medication: 'Ibuprofen' }),
    );
    // The stopped medication has left the list: focus is on the section's heading.
    await expect(
      medications.getByRole('heading', { name: t('clinical:medications.title') }),
    ).toBeFocused();
    await expect(medications.getByRole('listitem')).toHaveCount(1);
    await expectAxeClean(page, { include: 'main' });

    // The print layout opens in a tab of its own, holding what is still active.
    const [sheet] = await Promise.all([
      context.waitForEvent('page'),
      press(medications.getByRole('link', { name: new RegExp(t('clinical:print.link')) })),
    ]);
    await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(t('clinical:print.title'));
    const table = sheet.getByRole('table', { name: t('clinical:medications.title') });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('rowheader')).toHaveText('Penicillin V');
    await expect(table).toContainText('Before meals.');
    await expect(table).not.toContainText('Ibuprofen');
    await sheet.close();
  });

  test(`${language}: the printed prescription has the prescriber, patient and medications, no site chrome`, async ({
    page,
    baseURL,
  }) => {
    let patientId = '';
    const { t, main } = await openAs(page, baseURL!, language, '/records', {
      name: 'Dr Lena Hoffmann',
      prepare: async ({ idToken }) => {
        patientId = await storePatient(page, baseURL!, idToken, 'Amina Yusuf', [
          {
            medication: 'Amoxicillin',
            strength: '500 mg',
            dose: '1 capsule',
            route: 'oral',
            frequency: 'three times a day',
            duration: '7 days',
            instructions: 'After meals, until the course is finished.',
          },
          {
            medication: 'Salbutamol',
            strength: '100 µg',
            dose: '2 puffs',
            route: 'inhaled',
            frequency: 'when needed',
            endDate: '2026-12-31',
          },
        ]);
      },
    });
    await expect(page.locator('main h1')).toHaveText(t('records:heading'));
    await page.goto(`/records/patients/${patientId}/prescriptions/print`);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('clinical:print.title'));
    const table = main.getByRole('table', { name: t('clinical:medications.title') });
    await expect(table.getByRole('row')).toHaveCount(3);
    const facts = main.getByRole('definition');
    await expect(facts).toHaveText([
      'Dr Lena Hoffmann',
      await page.evaluate(
        (code) => new Intl.DateTimeFormat(code, { dateStyle: 'long' }).format(new Date()),
        language,
      ),
      'Amina Yusuf',
      t('clinical:print.years', { count: 42, age: '42' }),
    ]);
    await expect(table.getByRole('row').filter({ hasText: 'Amoxicillin' })).toContainText(
      t('clinical:route.oral'),
    );
    await expect(table.getByRole('row').filter({ hasText: 'Salbutamol' })).toContainText(
      t('clinical:route.inhaled'),
    );
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expectAxeClean(page, { include: 'body' });

    // No site chrome on the page, and on paper not even the screen's buttons.
    for (const role of ['banner', 'navigation', 'contentinfo'] as const)
      await expect(page.getByRole(role)).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('voice:callButton') })).toHaveCount(0);
    await expect(main.getByRole('button', { name: t('clinical:print.print') })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(main.getByRole('button', { name: t('clinical:print.print') })).toBeHidden();
    await expect(main.getByRole('link', { name: t('clinical:print.back') })).toBeHidden();
    await expect(table).toBeVisible();
    await page.pdf({
      path: path.join(RESULTS_DIR, `prescription-${language}.pdf`),
      format: 'A4',
      margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' },
    });
  });
}
