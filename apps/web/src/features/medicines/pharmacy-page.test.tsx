import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { FakeMedicines, medicinesHandlers } from '../../test/fake-medicines.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { PharmacyPage } from './pharmacy-page.tsx';

const PHARMACIST = createTestUser({ name: 'Rui Santos', email: 'rui@example.test' });

function openPharmacy({ isApproved = true } = {}) {
  const api = startFakeApi({ user: PHARMACIST });
  const medicines = new FakeMedicines();
  api.addHandlers(...medicinesHandlers(medicines));
  const pharmacy = api.directoryAdmin.addFacility({
    kind: 'pharmacy',
    name: 'Farmácia Central',
    reviewStatus: isApproved ? 'approved' : 'pending',
    role: 'staff',
  });
  const other = api.directoryAdmin.addFacility({ kind: 'pharmacy', reviewStatus: 'approved' });
  medicines.addIncoming(other._id, { medication: 'Someone else’s' });
  const item = medicines.addIncoming(pharmacy._id);
  renderWithApp(<PharmacyPage />, { path: '/pharmacy', user: PHARMACIST });
  return { api, medicines, pharmacy, item };
}

describe('/pharmacy', () => {
  it('lists what was sent to the chosen pharmacy, with whom to hand it to', async () => {
    const { api, pharmacy } = openPharmacy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pharmacy' })).toBeVisible();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Pharmacy'), 'Farmácia Central');
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    expect(card).toHaveTextContent('For: Amina Yusuf · 35 years old');
    expect(card).toHaveTextContent('After meals.');
    expect(card).toHaveTextContent('Dr. Lena Weber · Praxis am Markt');
    expect(screen.getByText('1 prescription')).toBeVisible();
    expect(
      api
        .requestsTo('GET', /^\/api\/pharmacy\/prescriptions$/)
        .at(-1)!
        .search.get('facilityId'),
    ).toBe(pharmacy._id);
  });

  it('marks a prescription ready for pickup, then dispensed', async () => {
    const { api } = openPharmacy();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Pharmacy'), 'Farmácia Central');
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    await user.click(within(card).getByRole('button', { name: 'Mark ready for pickup' }));
    expect(await screen.findByText('Marked ready for pickup: the patient is told.')).toHaveFocus();
    expect(await within(card).findByText('Ready for pickup')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(within(card).queryByRole('button', { name: 'Mark ready for pickup' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Mark dispensed' }));
    expect(await screen.findByText('Marked dispensed.')).toHaveFocus();
    expect(
      api
        .requestsTo('POST', /^\/api\/pharmacy\/prescriptions\/[^/]+\/(ready|dispensed)$/)
        .map((r) => r.path.split('/').at(-1)),
    ).toEqual(['ready', 'dispensed']);
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('tells the staff that another pharmacy dispensed it meanwhile', async () => {
    const { medicines, item } = openPharmacy();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Pharmacy'), 'Farmácia Central');
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    item.pharmacyStatus = 'dispensed';
    await user.click(within(card).getByRole('button', { name: 'Mark dispensed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This prescription has already been dispensed: do not hand it over again.',
    );
    expect(medicines.queue).toHaveLength(2);
  });

  it('says the page is for pharmacy staff to the staff of a pharmacy not yet approved', async () => {
    const api = startFakeApi({ user: PHARMACIST });
    api.addHandlers(...medicinesHandlers(new FakeMedicines()));
    api.directoryAdmin.addFacility({ kind: 'pharmacy', reviewStatus: 'pending', role: 'staff' });
    renderWithApp(<PharmacyPage />, { path: '/pharmacy', user: PHARMACIST });
    expect(
      await screen.findByText('This page is for the staff of a pharmacy listed in the directory.'),
    ).toBeVisible();
    expect(api.requestsTo('GET', /^\/api\/pharmacy\//)).toHaveLength(0);
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openPharmacy();
    expect(screen.getByRole('heading', { level: 1, name: 'الصيدلية' })).toBeVisible();
    const card = await screen.findByRole('article', { name: /Someone else|Amoxicillin/ });
    expect(card.querySelector('h3 bdi')).not.toBeNull();
  });
});
