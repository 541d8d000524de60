import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { FakeMedicines, medicinesHandlers, VALID_TOKEN } from '../../test/fake-medicines.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { VerifyPage } from './verify-page.tsx';

function openVerifyPage({
  token = VALID_TOKEN,
  user = null as ReturnType<typeof createTestUser> | null,
} = {}) {
  const api = startFakeApi(user ? { user } : {});
  const medicines = new FakeMedicines();
  api.addHandlers(...medicinesHandlers(medicines));
  const render = () =>
    renderWithApp(<VerifyPage />, { path: '/verify/:token', at: `/verify/${token}`, user });
  return { api, medicines, render };
}

describe('/verify/:token', () => {
  it('shows a guest what a pharmacist needs, and the first check as such', async () => {
    const { medicines, render } = openVerifyPage();
    medicines.addVerification(VALID_TOKEN);
    render();
    expect(await screen.findByText('Valid: active')).toBeVisible();
    const facts = document.querySelector('dl')!;
    expect(within(facts).getByText('Amoxicillin')).toBeVisible();
    expect(within(facts).getByText('500 mg')).toBeVisible();
    expect(within(facts).getByText('By mouth')).toBeVisible();
    expect(within(facts).getByText('A. Y.')).toBeVisible();
    expect(facts).toHaveTextContent('A. Y.35 years old');
    expect(facts).toHaveTextContent('Dr. Lena Weber');
    expect(facts).toHaveTextContent('Praxis am Markt');
    expect(
      screen.getByText('This is the first time this prescription has been checked.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark dispensed' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Prescription check');
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
  });

  it('warns when the copy was checked before', async () => {
    const { medicines, render } = openVerifyPage();
    medicines.addVerification(VALID_TOKEN, { verificationCount: 2 });
    render();
    expect(await screen.findByText('Verified 3 times.')).toBeVisible();
    expect(
      screen.getByText('This copy has been checked before: make sure it is not being reused.'),
    ).toBeVisible();
  });

  it('says plainly that an expired or stopped prescription may not be dispensed', async () => {
    const { medicines, render } = openVerifyPage();
    medicines.addVerification(VALID_TOKEN, { expired: true });
    render();
    expect(await screen.findByText('Expired')).toBeVisible();
    expect(
      screen.getByText('This prescription is no longer valid. Do not dispense it.'),
    ).toBeVisible();
  });

  it('says when and where it was dispensed', async () => {
    const { medicines, render } = openVerifyPage();
    medicines.addVerification(VALID_TOKEN, {
      status: 'dispensed',
      dispensedAt: '2026-03-04T11:00:00.000Z',
      dispensedBy: 'Farmácia Central',
    });
    render();
    expect(await screen.findByText('Already dispensed')).toBeVisible();
    expect(screen.getByText('Dispensed on Mar 4, 2026 by Farmácia Central.')).toBeVisible();
  });

  it('refuses a forged or altered code in words', async () => {
    const { render } = openVerifyPage({ token: 'forged.token.here' });
    render();
    expect(
      await screen.findByRole('heading', { name: 'This prescription could not be verified' }),
    ).toBeVisible();
    expect(screen.getByText(/Do not dispense on this copy/)).toBeVisible();
  });

  it('lets the staff of an approved pharmacy mark it dispensed, once', async () => {
    const { api, medicines, render } = openVerifyPage({ user: createTestUser() });
    const pharmacy = api.directoryAdmin.addFacility({
      kind: 'pharmacy',
      name: 'Farmácia Central',
      reviewStatus: 'approved',
      role: 'staff',
    });
    medicines.pharmacies.set(pharmacy._id, pharmacy.name);
    medicines.addVerification(VALID_TOKEN);
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('You are dispensing for Farmácia Central.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mark dispensed' }));
    expect(await screen.findByText('Marked dispensed.')).toHaveFocus();
    expect(screen.getByText('Already dispensed')).toBeVisible();
    expect(api.requestsTo('POST', /\/dispense$/)[0]!.body).toEqual({ facilityId: pharmacy._id });
    // Read once: the answer of the dispense is shown, not a new verification.
    expect(api.requestsTo('GET', /^\/api\/prescriptions\/verify\//)).toHaveLength(1);
  });

  it('tells a pharmacist that another pharmacy dispensed it meanwhile', async () => {
    const { api, medicines, render } = openVerifyPage({ user: createTestUser() });
    api.directoryAdmin.addFacility({ kind: 'pharmacy', reviewStatus: 'approved', role: 'staff' });
    medicines.addVerification(VALID_TOKEN);
    render();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Mark dispensed' });
    medicines.verifications.get(VALID_TOKEN)!.status = 'dispensed';
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This prescription has already been dispensed: do not hand it over again.',
    );
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it('offers nothing to the staff of a pharmacy not yet approved', async () => {
    const { api, medicines, render } = openVerifyPage({ user: createTestUser() });
    api.directoryAdmin.addFacility({ kind: 'pharmacy', reviewStatus: 'pending', role: 'staff' });
    medicines.addVerification(VALID_TOKEN);
    render();
    expect(await screen.findByText('Valid: active')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark dispensed' })).toBeNull();
  });

  it('reads in Arabic, doses isolated', async () => {
    await i18n.changeLanguage('ar');
    const { medicines, render } = openVerifyPage();
    medicines.addVerification(VALID_TOKEN);
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'التحقق من الوصفة' }),
    ).toBeVisible();
    expect(screen.getByText('500 mg').tagName).toBe('BDI');
  });
});
