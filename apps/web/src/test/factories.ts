import type { TUser } from '@portal/shared/user';

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
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
