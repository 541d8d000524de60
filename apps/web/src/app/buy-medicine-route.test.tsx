import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n/i18n.ts';
import { createTestUser } from '../test/factories.ts';
import { startFakeApi } from '../test/fake-api.ts';
import { createDirectoryFacility } from '../test/fake-directory.ts';
import { FakeMedicines, medicinesHandlers } from '../test/fake-medicines.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { BuyMedicineRoute } from './buy-medicine-route.tsx';

const PATIENT = createTestUser({ name: 'Amina Yusuf', email: 'amina@example.test' });
const PHARMACY = createDirectoryFacility({
  _id: '9b2e7c4a-1d3f-4a5b-8c6d-00000000000a',
  kind: 'pharmacy',
  name: 'Farmácia Central',
  city: 'Lisboa',
  address: 'Rua Augusta 1',
});

/** A patient linked to one record with an active prescription, at /buy-medicine. */
function openBuyMedicine({ user = PATIENT as typeof PATIENT | null } = {}) {
  const api = startFakeApi(user ? { user } : {});
  const medicines = new FakeMedicines();
  api.addHandlers(...medicinesHandlers(medicines));
  api.directory.facilities.push(
    PHARMACY,
    createDirectoryFacility({ _id: '9b2e7c4a-1d3f-4a5b-8c6d-00000000000b', name: 'Hospital' }),
    createDirectoryFacility({
      _id: '9b2e7c4a-1d3f-4a5b-8c6d-00000000000c',
      kind: 'pharmacy',
      name: 'Farmácia do Porto',
      city: 'Porto',
    }),
  );
  medicines.pharmacies.set(PHARMACY._id, PHARMACY.name);
  const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' });
  const medicine = medicines.addMedicine(link.patientId);
  medicines.addMedicine(link.patientId, { medication: 'Ibuprofen', status: 'completed' });
  renderWithApp(<BuyMedicineRoute />, { path: '/buy-medicine', user });
  return { api, medicines, link, medicine };
}

describe('/buy-medicine', () => {
  it('tells a guest what the page does, that payment is at the pharmacy, and asks to sign in', async () => {
    startFakeApi();
    const { router } = renderWithApp(<BuyMedicineRoute />, { path: '/buy-medicine' });
    expect(screen.getByRole('heading', { level: 1, name: 'Buy Medicine' })).toBeVisible();
    expect(
      screen.getByText('You pay at the pharmacy, when you pick up your medicine.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Sign in to see your prescriptions' }));
    expect(await screen.findByText('Login page')).toBeVisible();
    expect(router.state.location.state).toEqual({ returnTo: '/buy-medicine' });
  });

  it('lists the active prescriptions of the linked record, then the completed ones, each with its verification code', async () => {
    const { medicine } = openBuyMedicine();
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getAllByRole('article')[1]).toHaveAccessibleName(/^Ibuprofen/);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Prescriptions of Amina Yusuf' }),
    ).toBeVisible();
    expect(within(card).getByText('1 capsule, 3 times a day, 7 days')).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(card).getByText('Verification code'));
    expect(
      await within(card).findByRole('img', { name: 'Verification code of Amoxicillin' }),
    ).toBeVisible();
    expect(within(card).getByText(medicine.verifyUrl!)).toBeVisible();
  });

  it('sends a prescription to a pharmacy found by city, then shows where it stands', async () => {
    const { api, medicine } = openBuyMedicine();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    await user.click(within(card).getByRole('button', { name: 'Send to a pharmacy' }));
    expect(within(card).getByRole('heading', { name: 'Choose a pharmacy' })).toHaveFocus();
    await user.type(within(card).getByLabelText('City'), 'Lisboa');
    await user.click(within(card).getByRole('button', { name: 'Search' }));
    expect(await within(card).findByText('1 pharmacy found')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Send to Farmácia Central' }));
    expect(await within(card).findByText('Sent to Farmácia Central.')).toHaveFocus();
    expect(api.requestsTo('POST', /\/prescriptions\/[^/]+\/pharmacy$/)[0]!.body).toEqual({
      facilityId: PHARMACY._id,
    });
    expect(
      api
        .requestsTo('GET', /^\/api\/directory\/facilities$/)
        .at(-1)!
        .search.get('kind'),
    ).toBe('pharmacy');
    const steps = await within(card).findByRole('list', { name: 'Where it is' });
    expect(within(steps).getByText('Sent')).toHaveAttribute('aria-current', 'step');
    expect(await within(card).findByText('Sent to Farmácia Central')).toBeVisible();
    expect(medicine._id).toBeTruthy();
  });

  it('shows a prescription ready for pickup, and no way to send it elsewhere', async () => {
    const { medicines, link } = openBuyMedicine();
    medicines.addMedicine(link.patientId, {
      medication: 'Salbutamol',
      strength: '',
      pharmacyId: PHARMACY._id,
      sentAt: '2026-03-03T09:00:00.000Z',
      readyAt: '2026-03-03T12:00:00.000Z',
    });
    const card = await screen.findByRole('article', { name: 'Salbutamol' });
    expect(await within(card).findByText('Ready for pickup')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(within(card).queryByRole('button', { name: /Send to/ })).toBeNull();
  });

  it('asks for a refill with a note, then shows the request and the practice’s answer', async () => {
    const { api, medicines, link, medicine } = openBuyMedicine();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    await user.click(within(card).getByRole('button', { name: 'Ask for a refill' }));
    expect(within(card).getByRole('heading', { name: 'Ask for a refill' })).toHaveFocus();
    await user.type(within(card).getByLabelText('Note for your doctor (optional)'), 'Running low');
    await user.click(within(card).getByRole('button', { name: 'Send the request' }));
    expect(await within(card).findByText('Your refill request was sent.')).toHaveFocus();
    expect(api.requestsTo('POST', /refill-requests$/)[0]!.body).toEqual({ note: 'Running low' });
    expect(await within(card).findByText('Waiting for an answer')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Ask for a refill' })).toBeNull();
    expect(medicines.refills[0]!.patientId).toBe(link.patientId);
    expect(medicines.refills[0]!.prescriptionId).toBe(medicine._id);
  });

  it('offers a refill of a completed prescription, and no sending it to a pharmacy', async () => {
    const { api } = openBuyMedicine();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: /^Ibuprofen/ });
    expect(
      within(card).getByText('Completed: ask for a refill if you still need this medicine.'),
    ).toBeVisible();
    expect(within(card).queryByRole('button', { name: /pharmacy/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Ask for a refill' }));
    await user.click(within(card).getByRole('button', { name: 'Send the request' }));
    expect(await within(card).findByText('Your refill request was sent.')).toHaveFocus();
    expect(api.requestsTo('POST', /refill-requests$/)).toHaveLength(1);
  });

  it('shows a declined refill with the practice’s message', async () => {
    const api = startFakeApi({ user: PATIENT });
    const medicines = new FakeMedicines();
    api.addHandlers(...medicinesHandlers(medicines));
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' });
    const medicine = medicines.addMedicine(link.patientId);
    medicines.addRefill(link.patientId, {
      prescriptionId: medicine._id,
      status: 'declined',
      message: 'Please book a visit first.',
    });
    renderWithApp(<BuyMedicineRoute />, { path: '/buy-medicine', user: PATIENT });
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    expect(await within(card).findByText('Declined')).toBeVisible();
    expect(within(card).getByText('Please book a visit first.')).toBeVisible();
  });

  it('says so when no record is linked to the account', async () => {
    const api = startFakeApi({ user: PATIENT });
    api.addHandlers(...medicinesHandlers(new FakeMedicines()));
    renderWithApp(<BuyMedicineRoute />, { path: '/buy-medicine', user: PATIENT });
    expect(
      await screen.findByText(/No patient record is linked to your account yet/),
    ).toBeVisible();
  });

  it('reads in Arabic, doses isolated', async () => {
    await i18n.changeLanguage('ar');
    openBuyMedicine();
    expect(await screen.findByRole('heading', { level: 1, name: 'شراء الدواء' })).toBeVisible();
    const card = await screen.findByRole('article', { name: 'Amoxicillin 500 mg' });
    expect(within(card).getByText('1 capsule, 3 times a day, 7 days').tagName).toBe('BDI');
  });
});
