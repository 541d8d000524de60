import { scheduleSettings } from '@portal/shared/appointment.factories';
import { EMPTY_PRACTICE } from '@portal/shared/practice';
import type { TPublicConfig } from '@portal/shared/public-config';
import type { TUser } from '@portal/shared/user';
import { vi } from 'vitest';
import type { IdentityClient } from '../lib/identity/identity-client.ts';

export { patientInput } from '@portal/shared/patient.factories';

/** A signed-in user as `POST /api/auth/login` answers it; override what the test is about. */
export function createTestUser(overrides: Partial<TUser> = {}): TUser {
  return {
    _id: '7a0c3b9e-9d7f-4c55-8a43-0e6f1d2c3b4a',
    name: 'Dr. Ada Lovelace',
    email: 'ada@example.test',
    picture: null,
    age: null,
    gender: null,
    address: null,
    phone: null,
    premiumMember: false,
    hasCalendarFeed: false,
    isDirectoryReviewer: false,
    ...scheduleSettings(),
    practice: EMPTY_PRACTICE,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/config` of a development server: local providers, voice off. */
export function createPublicConfig(overrides: Partial<TPublicConfig> = {}): TPublicConfig {
  return {
    authProvider: 'local',
    firebase: null,
    paymentsProvider: 'local',
    paymentsScript: null,
    premiumAmount: 100,
    premiumCurrency: 'usd',
    voice: { isEnabled: false, agentId: null },
    contactPhone: '+1 800 555 0100',
    remindersSweepSeconds: 60,
    ...overrides,
  };
}

/** An identity client whose every method is a spy; pass the behaviour the test is about. */
export function createFakeIdentity(
  behaviour: Partial<Pick<IdentityClient, 'name' | 'signIn' | 'currentIdToken' | 'signOut'>> = {},
): IdentityClient {
  return {
    name: behaviour.name ?? 'local',
    signIn: vi.fn(behaviour.signIn ?? (() => Promise.resolve('a.b.c'))),
    completeRedirectSignIn: vi.fn(() => Promise.resolve(null)),
    currentIdToken: vi.fn(behaviour.currentIdToken ?? (() => Promise.resolve(null))),
    signOut: vi.fn(behaviour.signOut ?? (() => Promise.resolve())),
  };
}
