import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { vaccineName } from '@portal/shared/vaccines';
import { expectAxeClean } from './support/axe.ts';
import { press } from './support/clinical.ts';
import { openAs } from './support/journey.ts';
import { skipToMain } from './support/keyboard.ts';
import { createPatients, patientBody, viewDetailsButton } from './support/patients.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

type Opened = Awaited<ReturnType<typeof openAs>>;

/** Chooses `label` in a focused select by typing its first letters, as a keyboard user does. */
async function typeChoice(page: Page, select: Locator, label: string) {
  await select.focus();
  await page.keyboard.type(label.slice(0, 6));
  await expect(select.locator('option:checked')).toHaveText(label);
}

/** The patient's details, opened from the list by keyboard; their immunizations section. */
async function openSection(page: Page, { t, main }: Opened, name: string) {
  await expect(page.locator('main h1')).toHaveText(t('records:heading'));
  await skipToMain(page, t('common:skipToContent'));
  await press(viewDetailsButton(main, t, name));
  // The chart at its own address, arrived at on the patient's name.
  await expect(main.getByRole('heading', { level: 1, name })).toBeFocused();
  return main.getByRole('region', { name: t('immunizations:title'), exact: true });
}

/** The section as a picture, at the desktop width and at 360 px. */
async function screenshots(page: Page, section: Locator, language: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await section.screenshot({
      path: path.join(RESULTS_DIR, `immunizations-${language}-${width}.png`),
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Immunizations by keyboard, in English: one recorded from the curated list lands focused and
 * announced; changed to not given, it asks for a reason first; the timeline shows it. Then the
 * section in right-to-left Arabic. Screenshots in .test-results; no axe violation.
 */
test('en: a practitioner records an immunization from the list, marks it not given with a reason and finds it in the timeline', async ({
  page,
  baseURL,
}) => {
  const name = 'Nadia Rahman';
  const opened = await openAs(page, baseURL!, 'en', '/records', {
    prepare: async ({ idToken }) => {
      await createPatients(page, baseURL!, idToken, [patientBody(name)]);
    },
  });
  const { t, main } = opened;
  const section = await openSection(page, opened, name);
  await expect(section.getByText(t('immunizations:none'))).toBeVisible();

  await press(section.getByRole('button', { name: t('immunizations:add') }));
  const form = section.getByRole('form', { name: t('immunizations:addTitle') });
  const vaccine = vaccineName('03', 'en');
  await typeChoice(page, form.getByLabel(t('immunizations:fields.vaccine')), vaccine);
  await form.getByLabel(t('immunizations:fields.occurredOn')).fill('2025-03-04');
  await form.getByLabel(t('immunizations:fields.doseNumber')).fill('1');
  await form.getByLabel(t('immunizations:fields.lotNumber')).fill('MMR-4471');
  await form.getByLabel(t('immunizations:fields.performerNote')).fill('Nurse Kim, City Clinic');
  await press(form.getByRole('button', { name: t('immunizations:save') }));

  const status = section.getByRole('status');
  await expect(status).toHaveText(t('immunizations:saved', { vaccine }));
  const item = section
    .getByRole('list', { name: t('immunizations:title') })
    .getByRole('listitem')
    .filter({ hasText: vaccine });
  await expect(item).toBeFocused();
  await expect(item).toContainText(t('immunizations:statuses.completed'));
  await expect(item).toContainText(t('immunizations:lot', { lot: 'MMR-4471' }));
  await expectAxeClean(page, { include: 'main' });

  await press(item.getByRole('button', { name: t('immunizations:edit', { vaccine }) }));
  const edit = item.getByRole('form', { name: t('immunizations:editTitle', { vaccine }) });
  await typeChoice(
    page,
    edit.getByLabel(t('immunizations:fields.status')),
    t('immunizations:statuses.not-done'),
  );
  await press(edit.getByRole('button', { name: t('immunizations:save') }));
  const reason = edit.getByLabel(t('immunizations:fields.statusReason'));
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(t('immunizations:fieldMessages.reasonRequired'));
  await expectAxeClean(page, { include: 'main' });
  const declined = t('immunizations:reasons.patient-objection');
  await typeChoice(page, reason, declined);
  await press(edit.getByRole('button', { name: t('immunizations:save') }));
  await expect(status).toHaveText(t('immunizations:saved', { vaccine }));
  await expect(item).toBeFocused();
  await expect(item).toContainText(t('immunizations:notGiven', { reason: declined }));
  await screenshots(page, section, 'en');

  const timeline = main.getByRole('region', { name: t('timeline:title'), exact: true });
  const entry = timeline
    .getByRole('list', { name: t('timeline:title') })
    .getByRole('listitem')
    .filter({ hasText: t('immunizations:timeline.label') });
  await expect(entry).toContainText(t('immunizations:timeline.states.not-done'));
  await expect(entry).toContainText(vaccine);
  await expect(entry).toContainText('Nurse Kim, City Clinic');
  await expectAxeClean(page, { include: 'main' });
});

test('ar: the immunizations section reads right to left, the vaccine named in Arabic', async ({
  page,
  baseURL,
}) => {
  const name = 'Nadia Rahman';
  const opened = await openAs(page, baseURL!, 'ar', '/records', {
    prepare: async ({ idToken }) => {
      const [patientId] = await createPatients(page, baseURL!, idToken, [patientBody(name)]);
      const response = await page.request.post(
        `${baseURL}/api/records/patients/${patientId}/immunizations`,
        {
          headers: { authorization: `Bearer ${idToken}` },
          data: {
            vaccine: vaccineName('03', 'en'),
            vaccineCode: '03',
            occurredOn: '2025-03-04',
            doseNumber: 2,
            site: 'left-arm',
            status: 'not-done',
            statusReason: 'out-of-stock',
          },
        },
      );
      expect(response.status()).toBe(201);
    },
  });
  const { t } = opened;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const section = await openSection(page, opened, name);
  const item = section.getByRole('list', { name: t('immunizations:title') }).getByRole('listitem');
  await expect(item).toContainText(vaccineName('03', 'ar'));
  await expect(item).toContainText(
    t('immunizations:notGiven', { reason: t('immunizations:reasons.out-of-stock') }),
  );
  await press(section.getByRole('button', { name: t('immunizations:add') }));
  await expect(section.getByRole('form', { name: t('immunizations:addTitle') })).toBeVisible();
  await expectAxeClean(page, { include: 'main' });
  await screenshots(page, section, 'ar');
});
