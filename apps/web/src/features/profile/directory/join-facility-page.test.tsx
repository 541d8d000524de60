import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/i18n.ts';
import { createTestUser } from '../../../test/factories.ts';
import { startFakeApi } from '../../../test/fake-api.ts';
import { STAFF_CODE } from '../../../test/fake-directory-admin.ts';
import { renderWithApp } from '../../../test/render-with-app.tsx';
import { JoinFacilityPage } from './join-facility-page.tsx';

function openJoinPage(code: string, user = createTestUser()) {
  const api = startFakeApi({ user });
  return {
    api,
    ...renderWithApp(<JoinFacilityPage />, {
      path: '/join-facility/:code',
      at: `/join-facility/${code}`,
      user,
    }),
  };
}

describe('/join-facility/:code', () => {
  it('accepts the invitation of the link and says so', async () => {
    const { api } = openJoinPage(STAFF_CODE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    const accepted = await screen.findByText('You are now on the staff of Hospital Santa Luzia.');
    expect(accepted).toHaveFocus();
    expect(api.requestsTo('POST', /^\/api\/me\/facility-staff$/)[0]!.body).toEqual({
      code: STAFF_CODE,
    });
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute(
      'href',
      '/userProfile',
    );
  });

  it('tells an unknown invitation in the reader’s words', async () => {
    openJoinPage('nope');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is not valid. Ask the facility for a new one.',
    );
  });

  it('sends a guest to sign in first', async () => {
    startFakeApi();
    const { router } = renderWithApp(<JoinFacilityPage />, {
      path: '/join-facility/:code',
      at: `/join-facility/${STAFF_CODE}`,
      user: null,
    });
    expect(await screen.findByText('Login page')).toBeVisible();
    expect(router.state.location.state).toEqual({ returnTo: `/join-facility/${STAFF_CODE}` });
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openJoinPage(STAFF_CODE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الانضمام إلى طاقم منشأة' }),
    ).toBeVisible();
  });
});
