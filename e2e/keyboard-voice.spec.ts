import type { Page } from '@playwright/test';
import { openAs } from './support/journey.ts';
import { tabTo } from './support/keyboard.ts';
import { uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { KEYBOARD_LANGUAGES, text, type Language } from './support/texts.ts';
import { injectFakeVoiceClient } from './support/voice.ts';

/**
 * Home in `language`, announcements recorded, focus on the call button: in the stored
 * language (the app re-renders the prerendered page in it), then the last control of the
 * page, one Shift+Tab from the page's start.
 */
async function tabToCallButton(page: Page, baseURL: string, language: Language, guest: boolean) {
  const { heard } = await openAs(page, baseURL, language, '/', {
    guest,
    email: uniqueEmail('keyboard-voice'),
  });
  const name = text(language, 'voice:callButton');
  const callButton = page.getByRole('button', { name, exact: true });
  await expect(callButton).toBeVisible();
  await tabTo(page, name, { backwards: true, limit: 3 });
  await expect(callButton).toBeFocused();
  return { heard, callButton };
}

// The suite's server runs without a Retell key: pressing the button says so.
for (const language of KEYBOARD_LANGUAGES) {
  test(`keyboard: the voice button answers, and dismissing its message gives focus back (${language})`, async ({
    page,
    baseURL,
  }) => {
    const t = (key: string) => text(language, key);
    const { heard, callButton } = await tabToCallButton(page, baseURL!, language, true);
    await page.keyboard.press('Enter');
    const message = page.getByRole('status').filter({ hasText: t('voice:messages.notConfigured') });
    await expect(message).toBeVisible();
    await expect.poll(() => heard.includes(t('voice:messages.notConfigured'))).toBe(true);
    await expect(callButton).toHaveAttribute('aria-pressed', 'false');

    await tabTo(page, t('voice:dismiss'), { backwards: true, limit: 3 });
    await page.keyboard.press('Enter');
    await expect(message).toHaveCount(0);
    await expect(callButton).toBeFocused();
  });

  test(`keyboard: start a voice call, mute and unmute, stop it; focus never leaves the controls (${language})`, async ({
    page,
    baseURL,
  }) => {
    const t = (key: string) => text(language, key);
    // The browser's side of a configured assistant: the shared server has no Retell key
    // (voice.spec.ts drives a real one against a fake Retell), so its config says voice is on
    // and the connect call answers with a token for the fake client.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...config, voice: { isEnabled: true, agentId: 'agent_e2e_keyboard' } },
      });
    });
    await page.route('**/api/retellai/connect-retellai', (route) =>
      route.fulfill({
        json: { access_token: 'e2e-access-token', call_id: 'call_e2e_keyboard' },
      }),
    );
    const fake = await injectFakeVoiceClient(page);
    const { heard, callButton } = await tabToCallButton(page, baseURL!, language, false);

    await page.keyboard.press('Enter');
    await expect(callButton).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => heard.includes(t('voice:connecting'))).toBe(true);
    await expect.poll(fake.calls).toEqual(['requestMicrophone', 'startCall:e2e-access-token']);
    await fake.emit('call_started');
    await expect.poll(() => heard.includes(t('voice:connected'))).toBe(true);
    await expect(callButton).toBeFocused();

    // Mute sits just before the call button.
    const mute = page.getByRole('button', { name: t('voice:mute'), exact: true });
    await page.keyboard.press('Shift+Tab');
    await expect(mute).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Space');
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect((await fake.calls()).slice(-2)).toEqual(['mute', 'unmute']);

    await page.keyboard.press('Tab');
    await expect(callButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(callButton).toHaveAttribute('aria-pressed', 'false');
    await expect(mute).toHaveCount(0);
    await expect(callButton).toBeFocused();
    await expect.poll(() => heard.includes(t('voice:ended'))).toBe(true);
    expect((await fake.calls()).at(-1)).toBe('stopCall');
  });
}
