import path from 'node:path';
import { appointmentInput } from '@portal/shared/appointment.factories';
import { visitInput } from '@portal/shared/visit.factories';
import { expectAxeClean } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { createPatients, patientBody, viewDetailsButton } from './support/patients.ts';
import { becomeMember } from './support/premier.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

type Opened = Awaited<ReturnType<typeof openAs>>;

/** Opens the named patient's details from the records list: their timeline and its entries. */
async function openTimeline(main: Opened['main'], t: Opened['t'], name: string) {
  await viewDetailsButton(main, t, name).click();
  const timeline = main.getByRole('region', { name: t('timeline:title'), exact: true });
  const entries = timeline.getByRole('list', { name: t('timeline:title') }).getByRole('listitem');
  return { timeline, entries };
}

/**
 * The timeline: a patient with a visit, a prescription started then stopped, an
 * allergy and an appointment shows them newest first in one ordered list on the details, with
 * no axe violation, in English and right-to-left Arabic. Screenshots land in .test-results.
 */
for (const language of ['en', 'ar'] as const) {
  test(`${language}: the patient's timeline lists every kind newest first`, async ({
    page,
    baseURL,
  }) => {
    const { t, main } = await openAs(page, baseURL!, language, '/records', {
      prepare: async ({ idToken }) => {
        const [patientId] = await createPatients(page, baseURL!, idToken, [
          patientBody('Amina Yusuf'),
        ]);
        const base = `${baseURL}/api/records/patients/${patientId}`;
        const post = async (url: string, data: object) => {
          const response = await page.request.post(url, {
            headers: { authorization: `Bearer ${idToken}` },
            data,
          });
          expect(response.status(), url).toBeLessThan(300);
          return (await response.json()) as { _id: string };
        };
        await post(`${base}/visits`, visitInput({ occurredAt: '2026-03-02T09:00:00.000Z' }));
        const prescription = await post(`${base}/prescriptions`, {
          medication: 'Salbutamol',
          strength: '100 µg',
          dose: '2 puffs',
          route: 'inhaled',
          frequency: 'as needed',
        });
        await post(`${base}/prescriptions/${prescription._id}/stop`, { reason: 'Tremor' });
        await post(`${base}/allergies`, {
          substance: 'Penicillin',
          reaction: 'Hives',
          severity: 'severe',
        });
        await post(
          `${baseURL}/api/appointments`,
          appointmentInput({ patientId: patientId!, start: '2026-02-16T09:00:00.000Z' }),
        );
      },
    });
    const { entries } = await openTimeline(main, t, 'Amina Yusuf');
    await expect(entries).toHaveCount(5);
    // Recorded today in this order, then the visit of 2 March and the appointment of 16 February.
    await expect(entries.nth(0)).toContainText(t('timeline:kinds.allergy'));
    await expect(entries.nth(0)).toContainText('Penicillin');
    await expect(entries.nth(1)).toContainText(t('timeline:kinds.prescription-stopped'));
    await expect(entries.nth(1)).toContainText('Tremor');
    await expect(entries.nth(2)).toContainText(t('timeline:kinds.prescription-started'));
    await expect(entries.nth(3)).toContainText(t('timeline:kinds.visit'));
    await expect(entries.nth(3)).toContainText('Asthma review');
    await expect(entries.nth(4)).toContainText(t('timeline:kinds.appointment'));

    await expectAxeClean(page, { include: 'main' });
    // From the top: the sticky header then stays above the page instead of across the section.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(RESULTS_DIR, `timeline-${language}.png`),
      fullPage: true,
    });
  });
}

/**
 * A member's timeline also lists the care-plan activities due or overdue. An activity
 * once, 10 days ago, not marked: overdue whatever the time zone. Its entry links to the plan in
 * the Care plans section below, and following the link by keyboard takes focus there.
 */
for (const language of ['en', 'ar'] as const) {
  test(`${language}: a member's timeline shows an overdue care-plan activity linked to its plan`, async ({
    page,
    baseURL,
  }) => {
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    let carePlanId = '';
    const { t, main } = await openAs(page, baseURL!, language, '/records', {
      prepare: async ({ idToken }) => {
        const [patientId] = await createPatients(page, baseURL!, idToken, [
          patientBody('Amina Yusuf'),
        ]);
        await becomeMember(page, baseURL!, idToken);
        const base = `${baseURL}/api/records/patients/${patientId}`;
        const headers = { authorization: `Bearer ${idToken}` };
        const visit = await page.request.post(`${base}/visits`, {
          headers,
          data: visitInput({ occurredAt: '2026-03-02T09:00:00.000Z' }),
        });
        expect(visit.status()).toBe(201);
        const plan = await page.request.post(`${base}/care-plans`, {
          headers,
          data: {
            title: 'Diabetes follow-up',
            goals: [],
            activities: [{ title: 'HbA1c test', start: tenDaysAgo, rrule: '' }],
          },
        });
        expect(plan.status()).toBe(201);
        carePlanId = ((await plan.json()) as { _id: string })._id;
      },
    });
    const { timeline, entries } = await openTimeline(main, t, 'Amina Yusuf');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(t('timeline:kinds.care-plan-activity'));
    await expect(entries.nth(0)).toContainText(t('timeline:states.overdue'));
    await expect(entries.nth(0)).toContainText('HbA1c test');
    const link = entries.nth(0).getByRole('link', { name: 'Diabetes follow-up' });
    await expect(link).toHaveAttribute('href', `#care-plan-${carePlanId}`);
    // The plan it links to is on screen before the link is followed.
    const plans = main.getByRole('region', { name: t('carePlans:section.title'), exact: true });
    await expect(plans.getByRole('heading', { name: /Diabetes follow-up/ })).toBeVisible();

    await expectAxeClean(page, { include: 'main' });
    // The section itself, close up: the overdue activity above the older visit.
    await timeline.screenshot({
      path: path.join(RESULTS_DIR, `timeline-care-plan-${language}.png`),
    });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(`#care-plan-${carePlanId}`)).toBeFocused();
  });
}
