import type { Page } from '@playwright/test';

/**
 * Installs a fake voice client through the app's documented test seam
 * (`window.__PORTAL_VOICE_CLIENT_FACTORY__`), exposed as `window.__fakeVoice` so the test can
 * emit the SDK's events and read what the app asked of it.
 */
export async function injectFakeVoiceClient(page: Page) {
  await page.addInitScript(() => {
    type Listener = (...args: unknown[]) => void;
    const listeners = new Map<string, Set<Listener>>();
    const calls: string[] = [];
    let isConnected = false;
    const emit = (event: string, ...args: unknown[]) => {
      if (event === 'call_started') isConnected = true;
      if (event === 'call_ended') isConnected = false;
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
    };
    const fake = {
      calls,
      emit,
      requestMicrophone: async () => {
        calls.push('requestMicrophone');
      },
      startCall: async ({ accessToken }: { accessToken: string }) => {
        calls.push(`startCall:${accessToken}`);
      },
      stopCall: () => {
        calls.push('stopCall');
        if (isConnected) emit('call_ended');
      },
      mute: () => calls.push('mute'),
      unmute: () => calls.push('unmute'),
      on: (event: string, handler: Listener) => {
        const set = listeners.get(event) ?? new Set<Listener>();
        set.add(handler);
        listeners.set(event, set);
        return () => set.delete(handler);
      },
    };
    Object.assign(window, { __fakeVoice: fake, __PORTAL_VOICE_CLIENT_FACTORY__: () => fake });
  });
  return {
    emit: (event: string) =>
      page.evaluate(
        (name) =>
          (window as unknown as { __fakeVoice: { emit(e: string): void } }).__fakeVoice.emit(name),
        event,
      ),
    calls: () =>
      page.evaluate(
        () => (window as unknown as { __fakeVoice: { calls: string[] } }).__fakeVoice.calls,
      ),
  };
}
