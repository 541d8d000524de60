/** Test helpers for the voice feature: a fake `VoiceClient`, a fake API and a render helper. */
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../../app/store.ts';
import type {
  StartCallOptions,
  VoiceClient,
  VoiceClientEvent,
  VoiceClientEvents,
} from './voice-client.ts';
import { VoiceButton } from './voice-button.tsx';
import { createTestUser } from '../../test/factories.ts';

type Listener = (...args: unknown[]) => void;

/** Behaves like the Retell SDK: `call_ended` only after a `call_started`. */
export class FakeVoiceClient implements VoiceClient {
  readonly calls: string[] = [];
  startOptions: StartCallOptions | undefined;
  microphoneError: unknown = null;
  private readonly listeners = new Map<VoiceClientEvent, Set<Listener>>();
  private isConnected = false;

  async requestMicrophone(): Promise<void> {
    this.calls.push('requestMicrophone');
    if (this.microphoneError) throw this.microphoneError;
  }

  async startCall(options: StartCallOptions): Promise<void> {
    this.calls.push('startCall');
    this.startOptions = options;
  }

  stopCall(): void {
    this.calls.push('stopCall');
    if (!this.isConnected) return;
    this.isConnected = false;
    this.emit('call_ended');
  }

  mute(): void {
    this.calls.push('mute');
  }

  unmute(): void {
    this.calls.push('unmute');
  }

  on<E extends VoiceClientEvent>(event: E, handler: (...args: VoiceClientEvents[E]) => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(handler as Listener);
    this.listeners.set(event, set);
    return () => {
      set.delete(handler as Listener);
    };
  }

  /** What the SDK would emit; `call_started` also marks the fake as connected. */
  emit<E extends VoiceClientEvent>(event: E, ...args: VoiceClientEvents[E]): void {
    if (event === 'call_started') this.isConnected = true;
    if (event === 'call_ended') this.isConnected = false;
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * Replaces `fetch` with answers for `GET /api/config` and `POST /api/retellai/connect-retellai`.
 * `connect` may be a promise to hold the answer back. jsdom's `Request` does not resolve
 * relative URLs, so it is wrapped to resolve them against the page's location.
 */
export function stubVoiceApi({
  voice = { isEnabled: true, agentId: 'agent_test_1' },
  connect = { status: 200, body: { access_token: 'access-token-1', call_id: 'call_1' } },
}: {
  voice?: { isEnabled: boolean; agentId: string | null };
  connect?: ApiAnswer | Promise<ApiAnswer>;
} = {}) {
  const requests: Array<{
    method: string;
    path: string;
    authorization: string | null;
    body: unknown;
  }> = [];
  const BaseRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends BaseRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    const text = await request.text();
    requests.push({
      method: request.method,
      path,
      authorization: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    const answer: ApiAnswer =
      path === '/api/config'
        ? { status: 200, body: { voice } }
        : path === '/api/retellai/connect-retellai'
          ? await connect
          : { status: 404, body: { message: 'not found', code: 'ROUTE_NOT_FOUND' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { requests };
}

export const TEST_USER: TUser = createTestUser({
  _id: '0b7e5a52-3f5c-4a8e-9d67-2f1c9e0a4b11',
  name: 'Dr. Amina Yusuf',
  email: 'amina@example.test',
});

/** The button in a store (signed in unless told otherwise) and a router, with a fake client. */
export function renderVoiceButton({
  client = new FakeVoiceClient(),
  isSignedIn = true,
}: { client?: FakeVoiceClient; isSignedIn?: boolean } = {}) {
  localStorage.setItem('firebase_token', 'id-token-1');
  const store = createStore({
    auth: isSignedIn ? { status: true, userData: TEST_USER } : { status: false, userData: null },
  });
  const createClient = vi.fn(() => client);
  const router = createMemoryRouter([
    { path: '/', element: <VoiceButton createClient={createClient} /> },
    { path: '/login', element: <p>Login page</p> },
  ]);
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, client, createClient, router };
}
