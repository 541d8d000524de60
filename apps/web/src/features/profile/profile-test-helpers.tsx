import { screen, within } from '@testing-library/react';
import { completeProfile } from '@portal/shared/profile.factories';
import type { TUser } from '@portal/shared/user';
import { createTestUser } from '../../test/factories.ts';
import { json, startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { ProfilePage } from './profile-page.tsx';

/** A user with every profile field filled, so the read view shows each one. */
export function createUser(overrides: Partial<TUser> = {}): TUser {
  return createTestUser({
    _id: '6f1c3a52-8d1e-4b8e-9a57-0c2f7d9e4b11',
    // No picture: the read view shows the neutral avatar.
    ...completeProfile({ picture: null }),
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  });
}

/** The next `PUT /api/user/update-profile` answers this instead (a server error, a field error). */
export function failNextSave(api: FakeApi, { status, body }: { status: number; body: unknown }) {
  api.on('PUT', /^\/api\/user\/update-profile$/, () => json(body, { status }));
}

/** The profile page at /userProfile with a signed-in session for `sessionUser`. */
export function renderProfilePage(sessionUser: TUser | null) {
  return renderWithApp(<ProfilePage />, {
    path: '/userProfile',
    user: sessionUser,
    routes: [
      { path: '/premier', element: <h1>Premier page</h1> },
      { path: '/protected', element: <h1>Login Required</h1> },
    ],
  });
}

/** A fake API signed in as `user` (every field filled unless given) and its profile page. */
export function openProfilePage(user: TUser = createUser()) {
  const api = startFakeApi({ user });
  return { api, ...renderProfilePage(user) };
}

/** The value shown next to a label in the read view. */
export function detail(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

/** The text of the value next to a label in the read view. */
export const detailText = (label: string) => detail(label).textContent;

/** The profile's section headed `name`, once it is on the page. */
export const sectionNamed = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

/** The text next to `label` in the read view of the section headed `name`, once it shows. */
export const shownIn = async (name: string, label: string) =>
  (await (await sectionNamed(name)).findByText(label, { selector: 'dt' })).nextElementSibling
    ?.textContent;
