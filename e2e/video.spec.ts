import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import fs from 'node:fs';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { callTrace } from './support/call-trace.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';
import { isolated, textsOf } from './support/texts.ts';
import type { Coturn } from '../scripts/coturn.mjs';
import { startRelay } from './support/coturn.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expect, test } from './support/test.ts';
import {
  createVideoVisit,
  framesDecoded,
  openCall,
  selectedCandidates,
  smallFakeVideo,
} from './support/video.ts';

// Chromium's fake camera and microphone, accepted without a prompt, showing a tiny video.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${smallFakeVideo()}`],
  },
});

const t = textsOf('en');

/** The call's own status line: the messages beside the call (an aside) have theirs. */
const callStatus = (page: Page): Locator =>
  page.getByRole('main').getByRole('status').and(page.locator(':not(aside *)'));

/** Both sides are in the call and each decodes the other's video. */
async function expectBothSeeEachOther(practitioner: Page, patient: Page) {
  for (const page of [practitioner, patient]) {
    // Up to one ICE restart: on a loaded machine a first attempt can fail, and the call's own
    // recovery (one restart after `failed`) is part of what is tested.
    await expect(callStatus(page)).toHaveText(t('video:connected'), {
      timeout: 45_000,
    });
  }
  for (const page of [practitioner, patient]) {
    await expect.poll(() => framesDecoded(page), { timeout: 20_000 }).toBeGreaterThan(0);
  }
}

/**
 * The practitioner opens the call again in another tab mid-call, the first still open: the first
 * closes and says why, and the patient's page leaves its connection to the old page for one to
 * the new page. Returns the new page, which goes on with the call.
 */
async function reopenInAnotherTab(practitioner: Page, patient: Page): Promise<Page> {
  await patient.evaluate(() => {
    const hooks = window as unknown as Record<string, unknown>;
    hooks.callBeforeReopening = hooks.__carebridgeVideoConnection;
  });
  const again = await practitioner.context().newPage();
  await again.goto(practitioner.url());
  await expect(practitioner.getByText(t('video:end.replaced'))).toBeVisible();
  const isNewConnection = () =>
    patient.evaluate(() => {
      const hooks = window as unknown as Record<string, unknown>;
      const current = hooks.__carebridgeVideoConnection;
      return current !== undefined && current !== hooks.callBeforeReopening;
    });
  await expect.poll(isNewConnection, { timeout: 20_000 }).toBe(true);
  await expectBothSeeEachOther(again, patient);
  return again;
}

/** The patient mutes: the practitioner reads it; the practitioner leaves: the call ends for both. */
async function muteThenLeave(practitioner: Page, patient: Page) {
  const mute = patient.getByRole('button', { name: t('video:controls.mute') });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  const muted = t('video:peer.muted', { name: isolated('Ana Lima') });
  await expect(practitioner.getByRole('main').getByText(muted)).toBeVisible();
  // Read out politely by the layout's live region.
  await expect(practitioner.locator('#announcer')).toHaveText(muted);
  await practitioner.getByRole('button', { name: t('video:controls.leave') }).click();
  await expect(practitioner.getByRole('heading', { level: 1 })).toHaveText(
    t('video:end.endedTitle'),
  );
  await expect(practitioner.getByText(t('video:end.left'))).toBeVisible();
  await expect(patient.getByRole('heading', { level: 1 })).toHaveText(t('video:end.endedTitle'));
  await expect(patient.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(
    patient.getByText(t('video:end.endedBy', { name: isolated('Dr Lee') })),
  ).toBeVisible();
}

/** Each side's signals, stream events and connection steps, kept with a failed journey. */
async function attachTraces(pages: Record<string, Page>) {
  for (const [side, page] of Object.entries(pages)) {
    const trace = await callTrace(page).catch((error: Error) => `no trace: ${error.message}`);
    const file = test.info().outputPath(`${side}-call-trace.txt`);
    fs.writeFileSync(file, trace);
    await test.info().attach(`${side}'s call`, { path: file, contentType: 'text/plain' });
  }
}

/**
 * The practitioner waits, the patient joins, each sees the other (`step` then looks at the
 * connection, or moves the practitioner to another page, which it returns), the patient mutes and
 * the practitioner leaves.
 */
async function callJourney(
  { browser, request }: { browser: Browser; request: APIRequestContext },
  baseURL: string,
  step: (practitioner: Page, patient: Page) => Promise<Page | void> = async () => {},
) {
  const visit = await createVideoVisit(request, baseURL);
  const practitioner = await openCall(browser, baseURL, visit.practitioner, visit.appointmentId);
  await expect(callStatus(practitioner)).toHaveText(
    t('video:waiting', { name: isolated('Ana Lima') }),
  );
  const patient = await openCall(browser, baseURL, visit.patient, visit.appointmentId);
  let current = practitioner;
  try {
    await expectBothSeeEachOther(practitioner, patient);
    current = (await step(practitioner, patient)) ?? practitioner;
    await muteThenLeave(current, patient);
  } catch (error) {
    await attachTraces({ practitioner: current, patient });
    throw error;
  } finally {
    await practitioner.context().close();
    await patient.context().close();
  }
}

test.describe('video visit', () => {
  // Two people's browsers in one test, each with a camera: more than the usual 30 s on 2 cores.
  test.describe.configure({ timeout: 90_000 });

  test('the practitioner and the patient see each other, again after the practitioner reopens the call in another tab, the mute shows on the other side, leaving ends it for both', async ({
    browser,
    baseURL,
    request,
  }) => {
    await callJourney({ browser, request }, baseURL!, reopenInAnotherTab);
  });

  test('in Arabic the call reads right to left and is axe-clean', async ({
    browser,
    baseURL,
    request,
  }) => {
    const visit = await createVideoVisit(request, baseURL!);
    const page = await openCall(browser, baseURL!, visit.patient, visit.appointmentId, 'ar');
    const ar = textsOf('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(callStatus(page)).toHaveText(ar('video:waiting', { name: isolated('Dr Lee') }));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expectAxeClean(page, { tags: WCAG_22_AA });
    await page.context().close();
  });
});

test.describe('video visit forced through TURN', () => {
  test.describe.configure({ timeout: 90_000 });
  // Its own portal: VIDEO_RELAY_ONLY with the TURN_URLS and TURN_SECRET of a coturn on loopback.
  let relay: Coturn | undefined;
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000); // its own server: embedded PostgreSQL starts from scratch
    const started = await startRelay();
    relay = started.coturn;
    server = await startServer({ env: started.env });
  });
  test.afterAll(async () => {
    await server?.stop();
    await relay?.stop();
  });

  test('the same call is relayed by coturn on both sides', async ({ browser, request }) => {
    await callJourney({ browser, request }, server!.url, async (practitioner, patient) => {
      for (const page of [practitioner, patient])
        expect(await selectedCandidates(page)).toEqual({ local: 'relay', remote: 'relay' });
    });
  });
});
