import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { announcer } from './support/keyboard.ts';
import { createPatients, patientBody, viewDetailsButton } from './support/patients.ts';
import { becomeMember } from './support/premier.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';
import { textPattern, type Language } from './support/texts.ts';

const DAY_MS = 86_400_000;
/** A day counted from today on the server's clock (the user has no time zone: UTC). */
const dayFrom = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The page's full height at `width`, and screenshots of it and of `section` in .test-results. */
async function measure(
  page: Page,
  name: string,
  width: number,
  { settled, section }: { settled: Locator; section: Locator },
) {
  await page.setViewportSize({ width, height: 800 });
  await expect(settled).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}-${width}.png`), fullPage: true });
  await section.screenshot({ path: path.join(RESULTS_DIR, `${name}-${width}-section.png`) });
  console.log(`${name} at ${width} px: ${height} px high`);
  return height;
}

/**
 * A daily activity started 10 days ago, one day marked done: the patient's details list the 10
 * unmarked days (9 overdue and today) with Done and Skip, the activity's next date without
 * buttons, and the mark in its short history. Marked by keyboard: the status is announced and
 * focus moves to the next day's Done (to the list's heading after the last), never to the page.
 * English and right-to-left Arabic, at 1280 and 360 px; screenshots land in .test-results.
 */
for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test(`${language}: a daily activity shows its due days and its next date, marked by keyboard`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const { t, main } = await openAs(page, baseURL!, language, '/records', {
      prepare: async ({ idToken }) => {
        const [patientId] = await createPatients(page, baseURL!, idToken, [
          patientBody('Amina Yusuf'),
        ]);
        await becomeMember(page, baseURL!, idToken);
        const base = `${baseURL}/api/records/patients/${patientId}/care-plans`;
        const headers = { authorization: `Bearer ${idToken}` };
        const plan = await page.request.post(base, {
          headers,
          data: {
            title: 'Blood pressure',
            activities: [{ title: 'BP check', start: dayFrom(-10), rrule: 'FREQ=DAILY' }],
          },
        });
        expect(plan.status()).toBe(201);
        const { _id, activities } = (await plan.json()) as {
          _id: string;
          activities: { id: string }[];
        };
        const marked = await page.request.put(`${base}/${_id}/occurrences`, {
          headers,
          data: { activityId: activities[0]!.id, date: dayFrom(-3), mark: 'done' },
        });
        expect(marked.status()).toBe(200);
      },
    });
    await viewDetailsButton(main, t, 'Amina Yusuf').click();
    const plans = main.getByRole('region', { name: t('carePlans:section.title'), exact: true });
    const doneButtons = plans.getByRole('button', {
      name: textPattern(language, 'carePlans:occurrence.doneLabel'),
    });
    const formatDay = (date: string) =>
      page.evaluate(
        ([day, lang]) =>
          new Intl.DateTimeFormat(lang, { timeZone: 'UTC', dateStyle: 'medium' }).format(
            new Date(`${day}T00:00:00Z`),
          ),
        [date, language] as const,
      );
    const next = plans.getByText(
      t('carePlans:section.next', { date: await formatDay(dayFrom(1)) }),
    );

    const heights = {
      wide: await measure(page, `care-plan-screen-${language}`, 1280, {
        settled: next,
        section: plans,
      }),
      narrow: await measure(page, `care-plan-screen-${language}`, 360, {
        settled: next,
        section: plans,
      }),
    };
    test
      .info()
      .annotations.push({ type: 'page heights (px)', description: JSON.stringify(heights) });
    await page.setViewportSize({ width: 1280, height: 800 });

    await expect(doneButtons).toHaveCount(10);
    await expect(
      plans.getByRole('button', { name: textPattern(language, 'carePlans:occurrence.undo') }),
    ).toHaveCount(1);
    await expect(plans.getByText(t('carePlans:occurrence.state.upcoming'))).toHaveCount(0);
    await expectAxeClean(page, { include: 'main' });

    // The oldest day, done by keyboard: announced, and focus on the next day's Done.
    const label = async (key: string, days: number) =>
      t(`carePlans:occurrence.${key}`, { name: `BP check, ${await formatDay(dayFrom(days))}` });
    await doneButtons.first().focus();
    await expect(doneButtons.first()).toHaveAccessibleName(await label('doneLabel', -10));
    await page.keyboard.press('Enter');
    await expect(announcer(page)).toHaveText(
      t('carePlans:occurrence.announce.done', { activity: 'BP check' }),
    );
    await expect(doneButtons).toHaveCount(9);
    await expect(plans.getByRole('button', { name: await label('doneLabel', -9) })).toBeFocused();

    // Today's, the last in the list, skipped: focus on the day before it.
    await plans.getByRole('button', { name: await label('skipLabel', 0) }).focus();
    await page.keyboard.press('Enter');
    await expect(announcer(page)).toHaveText(
      t('carePlans:occurrence.announce.skipped', { activity: 'BP check' }),
    );
    await expect(doneButtons).toHaveCount(8);
    await expect(plans.getByRole('button', { name: await label('doneLabel', -1) })).toBeFocused();
    await expect(
      plans.getByRole('button', { name: textPattern(language, 'carePlans:occurrence.undo') }),
    ).toHaveCount(3);
  });
}
