/** Test helpers for the voice feature: a fake `VoiceClient`, the fake API with voice on, a render helper. */
import { vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { json, startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import type {
  StartCallOptions,
  VoiceClient,
  VoiceClientEvent,
  VoiceClientEvents,
} from './voice-client-types.ts';
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
 * The fake API with voice on for agent `agent_test_1` unless told otherwise. `connect` answers
 * `POST /api/retellai/connect-retellai` instead of the fake's token; a promise holds it back.
 */
export function startVoiceApi({
  voice = { isEnabled: true, agentId: 'agent_test_1' },
  connect,
  user,
}: {
  voice?: { isEnabled: boolean; agentId: string | null };
  connect?: ApiAnswer | Promise<ApiAnswer>;
  /** The signed-in user as the profile routes hold it (their time zone is the panel's clock). */
  user?: TUser;
} = {}) {
  const api = startFakeApi({ config: { voice }, ...(user && { user }) });
  if (connect)
    api.on('POST', /^\/api\/retellai\/connect-retellai$/, async () => {
      const { status, body } = await connect;
      return json(body, { status });
    });
  return api;
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
  const createClient = vi.fn(() => client);
  const view = renderWithApp(<VoiceButton createClient={createClient} />, {
    path: '/',
    user: isSignedIn ? TEST_USER : null,
  });
  return { ...view, client, createClient };
}
