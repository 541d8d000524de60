import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { textsOf } from './support/texts.ts';

/**
 * The practitioner's and the reviewer's side of the directory, on a server of its own whose
 * DIRECTORY_REVIEWERS names the reviewer: a listing and a facility made through the profile,
 * then approved and rejected on /directory/review, each screen axe-clean in English and Arabic.
 */
const REVIEWER = `reviewer-${process.pid}@example.test`;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000); // its own server: embedded PostgreSQL starts from scratch
  server = await startServer({ env: { DIRECTORY_REVIEWERS: REVIEWER } });
});
test.afterAll(async () => server?.stop());

test('a practitioner lists themself and adds a facility; a reviewer approves one and rejects the other with a reason the practitioner reads', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const t = textsOf('en');
  const doctor = uniqueEmail('listed');
  await signInAs(page, server.url, { email: doctor, name: 'Dr. Ana Costa' });
  await page.goto(`${server.url}/userProfile`);
  const main = page.getByRole('main');

  await main.getByRole('button', { name: t('listing:edit') }).click();
  await main.getByLabel(t('listing:fields.listed')).check();
  await main.getByLabel('Cardiology', { exact: true }).check();
  await main.getByLabel('Portuguese', { exact: true }).check();
  await main.getByLabel(t('listing:visitKinds.video')).check();
  await main.getByLabel(t('listing:booking.request')).check();
  await expect(main.getByRole('region', { name: t('listing:preview.title') })).toContainText(
    'Cardiology',
  );
  await main.getByRole('button', { name: t('listing:save.button') }).click();
  await expect(main.getByText(t('listing:save.saved'))).toBeVisible();
  await expect(
    main.getByRole('region', { name: t('listing:title') }).getByText(t('listing:review.pending')),
  ).toBeVisible();

  const facilities = main.getByRole('region', { name: t('facilities:title') });
  await facilities.getByRole('button', { name: t('facilities:edit') }).click();
  await facilities
    .getByLabel(t('facilities:fields.name'), { exact: true })
    .fill('Clínica Boavista');
  await facilities.getByLabel(t('facilities:fields.address')).fill('Avenida da Boavista 100');
  await facilities.getByLabel(t('facilities:fields.city')).fill('Porto');
  await facilities.getByLabel(t('facilities:fields.country')).selectOption('PT');
  await facilities.getByRole('button', { name: t('facilities:save.button') }).click();
  await expect(facilities.getByText(t('facilities:save.saved'))).toBeVisible();
  await expectAxeClean(page, { include: 'main', tags: WCAG_22_AA, label: 'profile' });

  // The reviewer: the menu offers the review, which lists both.
  // In a browser of their own: a session is kept in the browser's storage.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signInAs(reviewer, server.url, { email: REVIEWER, name: 'Rita Reviewer' });
  await reviewer.goto(`${server.url}/directory/review`);
  const queue = reviewer.getByRole('main');
  await queue
    .getByRole('button', { name: t('directoryReview:approveLabel', { name: 'Dr. Ana Costa' }) })
    .click();
  await expect(
    queue.getByRole('heading', { name: t('directoryReview:listings.title', { number: 0 }) }),
  ).toBeFocused();
  await queue
    .getByRole('button', { name: t('directoryReview:rejectLabel', { name: 'Clínica Boavista' }) })
    .click();
  const dialog = reviewer.getByRole('dialog');
  await expect(dialog.getByLabel(t('directoryReview:reject.reason'))).toBeFocused();
  await expectAxeClean(reviewer, { tags: WCAG_22_AA, label: 'review dialog' });
  await dialog.getByLabel(t('directoryReview:reject.reason')).fill('The address lacks a postcode.');
  await dialog.getByRole('button', { name: t('directoryReview:reject.confirm') }).click();
  await expect(
    queue.getByRole('heading', { name: t('directoryReview:facilities.title', { number: 0 }) }),
  ).toBeFocused();

  await reviewerContext.close();

  // Back in the profile: the listing is approved, the facility rejected with the reason.
  await page.reload();
  await expect(
    main
      .getByRole('region', { name: t('listing:title') })
      .getByText(t('listing:review.approved'), { exact: true }),
  ).toBeVisible();
  await expect(main.getByText('The address lacks a postcode.')).toBeVisible();
});

test('the review page and the profile’s directory sections lay out right to left in Arabic, axe-clean at 360 px', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.addInitScript(() => localStorage.setItem('lang', 'ar'));
  const t = textsOf('ar');
  await signInAs(page, server.url, { email: REVIEWER, name: 'Rita Reviewer' });
  await page.goto(`${server.url}/directory/review`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByRole('heading', { level: 1, name: t('directoryReview:title') }),
  ).toBeVisible();
  await expectAxeClean(page, { include: 'main', tags: WCAG_22_AA, label: 'review ar' });
  await page.goto(`${server.url}/userProfile`);
  await expect(page.getByRole('heading', { level: 2, name: t('listing:title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('facilities:title') })).toBeVisible();
  await expectAxeClean(page, { include: 'main', tags: WCAG_22_AA, label: 'profile ar' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('anyone but a reviewer meets the 404 page at /directory/review, without a request to the review route', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/directory/review')) asked.push(request.url());
  });
  await signInAs(page, server.url, { email: uniqueEmail('not-reviewer') });
  await page.goto(`${server.url}/directory/review`);
  await expect(page).toHaveURL(/\/not-found$/);
  expect(asked).toEqual([]);
});
