import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalIdentityClient } from './local-client.ts';

/** A real (same-document) window to stand in for the popup, so MessageEvent.source is valid. */
function fakePopup(): Window & { closed: boolean } {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const popup = frame.contentWindow! as Window & { closed: boolean };
  let isClosed = false;
  Object.defineProperty(popup, 'closed', {
    get: () => isClosed,
    set: (v: boolean) => (isClosed = v),
  });
  popup.focus = () => {};
  return popup;
}

function openedUrl(open: ReturnType<typeof vi.spyOn>): URL {
  return new URL(String(open.mock.calls[0]![0]), window.location.origin);
}

function post(popup: Window, data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: popup }));
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('local identity client', () => {
  it('opens the API account chooser 500x600 and resolves the token it posts back', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const signingIn = createLocalIdentityClient().signIn();

    const url = openedUrl(open);
    expect(url.pathname).toBe('/api/dev-auth/popup');
    expect(url.searchParams.get('lang')).toBe('en');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(String(open.mock.calls[0]![2])).toMatch(/width=500,height=600/);

    post(popup, { type: 'portal-dev-auth', state, idToken: 'a.b.c', expiresIn: 3600 });
    await expect(signingIn).resolves.toBe('a.b.c');
  });

  it('ignores messages from another origin, another window or with another state', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const signingIn = createLocalIdentityClient().signIn();
    const state = openedUrl(open).searchParams.get('state')!;
    let settled: string | undefined;
    void signingIn.then((token) => (settled = token));

    post(
      popup,
      { type: 'portal-dev-auth', state, idToken: 'evil.origin.x' },
      'https://evil.example',
    );
    post(fakePopup(), { type: 'portal-dev-auth', state, idToken: 'other.window.x' });
    post(popup, { type: 'portal-dev-auth', state: 'guessed', idToken: 'wrong.state.x' });
    post(popup, { type: 'something-else', state, idToken: 'wrong.type.x' });
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBeUndefined();

    post(popup, { type: 'portal-dev-auth', state, idToken: 'good.token.x' });
    await expect(signingIn).resolves.toBe('good.token.x');
  });

  it('rejects with popup-closed-by-user when the popup is closed without an answer', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const signingIn = createLocalIdentityClient().signIn();
    const outcome = signingIn.catch((error: { code: string }) => error.code);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(outcome).resolves.toBe('auth/popup-closed-by-user');
  });

  it('rejects with popup-blocked when the browser refuses the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(createLocalIdentityClient().signIn()).rejects.toMatchObject({
      code: 'auth/popup-blocked',
    });
  });

  it('has no provider session of its own to refresh or end', async () => {
    const client = createLocalIdentityClient();
    await expect(client.currentIdToken()).resolves.toBeNull();
    await expect(client.signOut()).resolves.toBeUndefined();
  });
});
