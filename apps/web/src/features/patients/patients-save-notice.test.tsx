import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  findRow,
  NEW_PATIENT,
  renderPatientsPage,
  renderPatientsPageWith,
} from './patients-page.render.tsx';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { fill, fillPatientForm } from '../../test/user-input.ts';

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

/** The notice region under the toolbar, a polite status a screen reader reads when it changes. */
const notice = () =>
  screen.getAllByRole('status').find((region) => region.querySelector('p, ul') !== null);

describe('PatientsPage: a save is announced (screen readers)', () => {
  it('says the patient was added, in the status region of their chart', async () => {
    const { router } = renderPatientsPage();
    await screen.findByText('No patients found.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+ Add Patient' }));
    await fillPatientForm(user, NEW_PATIENT);
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));

    expect(await screen.findByText('Chen Wei was added.')).toBeInTheDocument();
    expect(notice()).toHaveTextContent('Chen Wei was added.');
    expect(router.state.location.pathname).toMatch(/^\/records\/patients\/[\w-]+$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Chen Wei' })).toBeVisible();
  });

  it('says the patient was updated', async () => {
    renderPatientsPageWith(api, 'Amina Yusuf');
    const user = userEvent.setup();
    const row = (await screen.findByText('Amina Yusuf')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await fill(user, await screen.findByLabelText('Diagnosed with'), 'Bronchitis');
    await user.click(screen.getByRole('button', { name: 'Update Patient' }));

    expect(await screen.findByText('Amina Yusuf was updated.')).toBeInTheDocument();
    expect(notice()).toHaveTextContent('Amina Yusuf was updated.');
    expect(screen.getByRole('heading', { name: 'Patients List' })).toHaveFocus();
    expect(await findRow('Amina Yusuf')).toHaveTextContent('Bronchitis');
  });
});
