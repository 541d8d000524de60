import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRecordsPage } from './records-page.render.tsx';
import { patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { fill } from '../../test/user-input.ts';

// Generous: the suite runs on a busy shared machine.
vi.setConfig({ testTimeout: 20_000 });

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The notice region under the toolbar, a polite status a screen reader reads when it changes. */
const notice = () =>
  screen.getAllByRole('status').find((region) => region.querySelector('p, ul') !== null);

describe('RecordsPage: a save is announced (screen readers)', () => {
  it('says the patient was added, in the status region, with focus on the list', async () => {
    renderRecordsPage();
    await screen.findByText('No patients found.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+ Add Patient' }));
    await fill(user, screen.getByLabelText('Name'), 'Chen Wei');
    await fill(user, screen.getByLabelText('Diagnosed with'), 'Hypertension');
    await fill(user, screen.getByLabelText('Address'), '8 Garden Lane');
    await fill(user, screen.getByLabelText('Age'), '67');
    await user.selectOptions(screen.getByLabelText('Blood group'), 'B+');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
    await fill(user, screen.getByLabelText('Phone number'), '5550001111');
    await fill(user, screen.getByLabelText('Emergency contact phone'), '5550002222');
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));

    expect(await screen.findByText('Chen Wei was added.')).toBeInTheDocument();
    expect(notice()).toHaveTextContent('Chen Wei was added.');
    expect(screen.getByRole('heading', { name: 'Patients List' })).toHaveFocus();
  });

  it('says the patient was updated', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    renderRecordsPage();
    const user = userEvent.setup();
    const row = (await screen.findByText('Amina Yusuf')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await fill(user, await screen.findByLabelText('Diagnosed with'), 'Bronchitis');
    await user.click(screen.getByRole('button', { name: 'Update Patient' }));

    expect(await screen.findByText('Amina Yusuf was updated.')).toBeInTheDocument();
    expect(notice()).toHaveTextContent('Amina Yusuf was updated.');
    expect(screen.getByRole('heading', { name: 'Patients List' })).toHaveFocus();
  });
});
