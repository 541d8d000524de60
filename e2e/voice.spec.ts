import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { recordAnnouncements } from './support/keyboard.ts';
import { createPatients, patientBody } from './support/patients.ts';
import { becomeMember } from './support/premier.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { injectFakeVoiceClient } from './support/voice.ts';

const GREEN = 'rgb(23, 114, 69)';
const RED = 'rgb(180, 35, 24)';
const API_KEY = 'key_e2e_retell_7d3c';
const AGENT_ID = 'agent_e2e_4b2a';

const callButton = (page: Page) => page.getByRole('button', { name: 'Voice assistant' });

/** A local stand-in for Retell's `POST /v3/create-web-call`. */
async function startFakeRetell() {
  const received: Array<{ path: string; authorization?: string; body: unknown }> = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(raw || 'null'),
      });
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          access_token: 'e2e-access-token',
          call_id: 'call_e2e_1',
          expires_at: Date.now() + 30_000,
          ice_servers: [],
          transport: 'gateway',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app with voice configured against the fake Retell, for the length of `run`. */
async function withVoiceServer(
  run: (
    server: RunningServer,
    retell: Awaited<ReturnType<typeof startFakeRetell>>,
  ) => Promise<void>,
) {
  const retell = await startFakeRetell();
  const server = await startServer({
    env: { RETELL_API_KEY: API_KEY, RETELL_AGENT_ID: AGENT_ID, RETELL_BASE_URL: retell.url },
  });
  try {
    await run(server, retell);
  } finally {
    await server.stop();
    await retell.close();
  }
}

/** What Retell itself sends: a function call of the agent, signed with the API key. */
async function callFunction(
  page: Page,
  baseURL: string,
  name: string,
  args: Record<string, unknown>,
) {
  const body = JSON.stringify({
    name,
    call: { call_id: 'call_e2e_1', agent_id: AGENT_ID, call_status: 'ongoing' },
    args,
  });
  const at = Date.now();
  const digest = crypto
    .createHmac('sha256', API_KEY)
    .update(body + at)
    .digest('hex');
  const response = await page.request.post(`${baseURL}/api/retellai/functions`, {
    headers: { 'content-type': 'application/json', 'x-retell-signature': `v=${at},d=${digest}` },
    data: body,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: Record<string, unknown> };
}

test.describe('the voice assistant button', () => {
  test('with voice unconfigured, pressing says so and stays green', async ({ page }) => {
    const sdkRequests: string[] = [];
    page.on('request', (r) => r.url().includes('retell-voice-client') && sdkRequests.push(r.url()));

    await page.goto('/');
    const button = callButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('title', 'Inactive Bot');
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).toHaveCSS('background-color', GREEN);

    await button.click();
    await expect(page.getByRole('status').filter({ hasText: 'not configured' })).toHaveText(
      /The voice assistant is not configured\./,
    );
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).toHaveAttribute('title', 'Inactive Bot');
    await expect(button).toHaveCSS('background-color', GREEN);
    expect(sdkRequests, 'the Retell SDK is never loaded for an unconfigured assistant').toEqual([]);
    await expectAxeClean(page, { include: 'aside[aria-label="Voice assistant"]' });

    // Fixed at the bottom-right corner, on every page.
    await page.goto('/not-found');
    const box = (await callButton(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
  });

  test('a call turns red, shows talking, mutes, and ends on a second press', async ({ page }) => {
    test.setTimeout(120_000);
    await withVoiceServer(async (server, retell) => {
      const fake = await injectFakeVoiceClient(page);
      const { user } = await signInAs(page, server.url, { email: uniqueEmail('voice') });
      await page.goto(`${server.url}/`);

      const button = callButton(page);
      await expect(button).toHaveCSS('background-color', GREEN);
      await button.click();

      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(button).toHaveAttribute('title', 'Active Bot');
      await expect(button).toHaveCSS('background-color', RED);
      await expect.poll(fake.calls).toEqual(['requestMicrophone', 'startCall:e2e-access-token']);
      expect(retell.received).toEqual([
        {
          path: '/v3/create-web-call',
          authorization: `Bearer ${API_KEY}`,
          body: { agent_id: AGENT_ID, metadata: { user_id: user._id } },
        },
      ]);

      await fake.emit('call_started');
      const mute = page.getByRole('button', { name: 'Mute microphone' });
      await expect(mute).toHaveAttribute('aria-pressed', 'false');

      await fake.emit('agent_start_talking');
      await expect(page.getByText('The assistant is speaking')).toBeVisible();
      await expectAxeClean(page, { include: 'aside[aria-label="Voice assistant"]' });
      await fake.emit('agent_stop_talking');
      await expect(page.getByText('The assistant is speaking')).toBeHidden();

      await mute.click();
      await expect(mute).toHaveAttribute('aria-pressed', 'true');
      await mute.click();
      await expect(mute).toHaveAttribute('aria-pressed', 'false');
      expect((await fake.calls()).slice(-2)).toEqual(['mute', 'unmute']);

      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await expect(button).toHaveAttribute('title', 'Inactive Bot');
      await expect(button).toHaveCSS('background-color', GREEN);
      await expect(mute).toBeHidden();
      expect((await fake.calls()).at(-1)).toBe('stopCall');

      // The API key never reaches the browser.
      const config = await page.request.get(`${server.url}/api/config`);
      expect(await config.text()).not.toContain(API_KEY);
    });
  });

  test('the panel lists what the assistant booked and cancelled, and the agenda follows', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await withVoiceServer(async (server) => {
      const fake = await injectFakeVoiceClient(page);
      const { idToken } = await signInAs(page, server.url, { email: uniqueEmail('voice-acts') });
      await becomeMember(page, server.url, idToken);
      const [mariaId] = await createPatients(page, server.url, idToken, [
        patientBody('Maria Souza'),
      ]);
      const heard = await recordAnnouncements(page);
      // A Tuesday with the default working hours, far enough ahead to be bookable.
      await page.goto(`${server.url}/appointments?view=day&date=2027-03-02`);
      const agenda = page.getByRole('main');
      await expect(agenda.getByText('No appointments.')).toBeVisible();

      await callButton(page).click();
      await expect(callButton(page)).toHaveAttribute('aria-pressed', 'true');
      await fake.emit('call_started');
      const panel = page.getByRole('region', { name: 'What the assistant did' });
      await expect(panel.getByText('Nothing yet.')).toBeVisible();

      // The agent books after the caller confirmed, then says so.
      const booked = await callFunction(page, server.url, 'book_appointment', {
        patient_id: mariaId,
        start: '2027-03-02T10:00',
        duration: 30,
        confirmed: true,
      });
      await fake.emit('agent_start_talking');
      const line = /^Booked \u2068Maria Souza\u2069, Tue, Mar 2, 10:00\sAM$/;
      await expect(panel.getByRole('listitem')).toHaveText([line]);
      await expect.poll(() => heard.matches(line)).toBe(true);
      // The agenda shows it without a reload.
      const row = agenda.getByRole('listitem').filter({ hasText: 'Maria Souza' });
      await expect(row.getByText('Booked', { exact: true })).toBeVisible();
      await expectAxeClean(page, { include: 'aside[aria-label="Voice assistant"]' });

      const { appointment_id: appointmentId } = booked.data.appointment as {
        appointment_id: string;
      };
      await fake.emit('agent_stop_talking');
      await callFunction(page, server.url, 'cancel_appointment', {
        appointment_id: appointmentId,
        confirmed: true,
      });
      await fake.emit('agent_start_talking');
      await expect(panel.getByRole('listitem')).toHaveText([
        line,
        /^Cancelled \u2068Maria Souza\u2069, Tue, Mar 2, 10:00\sAM$/,
      ]);
      await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
      // The room kept free at the end of the page (where Tab scrolls focus to) clears the panel.
      const reserve = await page.evaluate(() =>
        parseFloat(getComputedStyle(document.documentElement).scrollPaddingBlockEnd),
      );
      const panelTop = (await panel.boundingBox())!.y;
      expect(reserve).toBeGreaterThanOrEqual(page.viewportSize()!.height - panelTop);

      // Hanging up keeps the list until it is closed.
      await callButton(page).click();
      await expect(callButton(page)).toHaveAttribute('aria-pressed', 'false');
      await expect(panel.getByRole('listitem')).toHaveCount(2);
      await panel.getByRole('button', { name: 'Close the list of what the assistant did' }).click();
      await expect(panel).toBeHidden();
      await expect(callButton(page)).toBeFocused();
    });
  });
});
