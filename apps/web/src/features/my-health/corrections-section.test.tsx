import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CORRECTION_MESSAGES } from '@portal/shared/correction';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import type { FakeLinkedRecord } from '../../test/fake-my-health.ts';
import { json } from '../../test/http.ts';
import {
  ACTIVE_PRESCRIPTION,
  idOf,
  renderMyHealthPage,
  SEVERE_ALLERGY,
} from '../../test/my-health-setup.tsx';

let api: FakeApi;
const user = createTestUser();

beforeEach(() => {
  api = startFakeApi({ user });
});

const render = () => renderMyHealthPage(user);

const shown: Partial<FakeLinkedRecord> = {
  prescriptions: [ACTIVE_PRESCRIPTION],
  allergies: [SEVERE_ALLERGY],
};

/** A name or item label as set in a sentence or an option: isolated (FSI … PDI). */
const bidi = (text: string) => `\u2068${text}\u2069`;

const linkAmina = () =>
  api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));

/** Opens the form from the Corrections section; focus is on its first field. */
async function openForm() {
  const corrections = await screen.findByRole('region', { name: 'Corrections' });
  await userEvent.click(within(corrections).getByRole('button', { name: 'Ask for a correction' }));
  const about = within(corrections).getByRole('combobox', { name: 'What is it about' });
  await waitFor(() => expect(about).toHaveFocus());
  return { corrections, about };
}

const postsOfCorrections = () => api.requestsTo('POST', /\/corrections$/);

describe('Corrections in My health', () => {
  it('sends a request about a prescription, announced and listed as Requested', async () => {
    const link = linkAmina();
    render();
    const { corrections, about } = await openForm();
    // The choices are the items the sections show, by their visible label.
    await within(about).findByRole('option', { name: bidi('Amoxicillin 500 mg') });
    expect(within(about).getByRole('option', { name: bidi('Penicillin') })).toBeInTheDocument();
    expect(
      within(about).getByRole('option', { name: 'Name and date of birth' }),
    ).toBeInTheDocument();
    expect(within(about).getByRole('option', { name: 'Something else' })).toBeInTheDocument();
    await userEvent.selectOptions(about, bidi('Amoxicillin 500 mg'));
    await userEvent.tab();
    await userEvent.keyboard('I take 250 mg, not 500 mg.');
    await userEvent.click(within(corrections).getByRole('button', { name: 'Send' }));

    const sent = await within(corrections).findByText(
      `Your request was sent to ${bidi('Dr. Lena Weber')}.`,
    );
    await waitFor(() => expect(sent).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe(sent.textContent);
    expect(postsOfCorrections().map((request) => request.body)).toEqual([
      { about: { kind: 'prescription', id: idOf('b1') }, text: 'I take 250 mg, not 500 mg.' },
    ]);
    const request = (await within(corrections).findByText('I take 250 mg, not 500 mg.')).closest(
      'li',
    )!;
    expect(within(request).getByText('Requested')).toBeVisible();
    expect(within(request).getByText(`About: ${bidi('Amoxicillin 500 mg')}`)).toBeVisible();
    expect(api.myHealth.corrections.of(link.patientId)).toHaveLength(1);
  });

  it('says what is missing, focus on the first invalid field, and sends nothing', async () => {
    linkAmina();
    render();
    const { corrections, about } = await openForm();
    await userEvent.click(within(corrections).getByRole('button', { name: 'Send' }));
    expect(
      within(corrections).getByText('Please choose what in the record the request is about.'),
    ).toBeVisible();
    expect(within(corrections).getByText('Please say what should be corrected.')).toBeVisible();
    await waitFor(() => expect(about).toHaveFocus());
    expect(about).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(about, 'Something else');
    await userEvent.click(within(corrections).getByRole('button', { name: 'Send' }));
    const text = within(corrections).getByRole('textbox', { name: 'What should be corrected' });
    await waitFor(() => expect(text).toHaveFocus());
    expect(
      within(corrections).queryByText('Please choose what in the record the request is about.'),
    ).toBeNull();
    expect(postsOfCorrections()).toHaveLength(0);
  });

  it('counts the characters and refuses a request over the limit', async () => {
    linkAmina();
    render();
    const { corrections, about } = await openForm();
    await userEvent.selectOptions(about, 'Name and date of birth');
    const text = within(corrections).getByRole('textbox', { name: 'What should be corrected' });
    await userEvent.click(text);
    await userEvent.paste('x'.repeat(2001));
    expect(within(corrections).getByText('2001 of 2000 characters')).toBeVisible();
    await userEvent.click(within(corrections).getByRole('button', { name: 'Send' }));
    expect(
      within(corrections).getByText('Please keep the request under 2000 characters.'),
    ).toBeVisible();
    await waitFor(() => expect(text).toHaveFocus());
    expect(postsOfCorrections()).toHaveLength(0);
  });

  it('tells the API’s refusal in the reader’s words and keeps the text', async () => {
    linkAmina();
    api.myHealth.corrections.isLimitReached = true;
    render();
    const { corrections, about } = await openForm();
    await userEvent.selectOptions(about, bidi('Penicillin'));
    const text = within(corrections).getByRole('textbox', { name: 'What should be corrected' });
    await userEvent.type(text, 'The reaction was hives.');
    await userEvent.click(within(corrections).getByRole('button', { name: 'Send' }));
    expect(await within(corrections).findByRole('alert')).toHaveTextContent(
      "You have asked for many corrections that are not answered yet. Please wait for the practice's answer before asking again.",
    );
    expect(text).toHaveValue('The reaction was hives.');
  });

  it('refuses a control character in the browser, as the API would', async () => {
    linkAmina();
    render();
    const { corrections, about } = await openForm();
    await userEvent.selectOptions(about, bidi('Penicillin'));
    const text = within(corrections).getByRole('textbox', { name: 'What should be corrected' });
    await userEvent.click(text);
    await userEvent.paste('Wrong\u0007');
    await userEvent.click(within(corrections).getByRole('button', { name: 'Send' }));
    expect(
      within(corrections).getByText('The request contains a character that is not allowed.'),
    ).toBeVisible();
    await waitFor(() => expect(text).toHaveFocus());
    expect(postsOfCorrections()).toHaveLength(0);
  });

  it('shows the API’s field messages on their fields, focus on the first', async () => {
    linkAmina();
    api.on('POST', /\/corrections$/, () =>
      json(
        {
          code: 'VALIDATION_FAILED',
          message: CORRECTION_MESSAGES.aboutInvalid,
          fieldErrors: { 'about.id': CORRECTION_MESSAGES.aboutInvalid },
        },
        { status: 400 },
      ),
    );
    render();
    const { corrections, about } = await openForm();
    await userEvent.selectOptions(about, bidi('Penicillin'));
    await userEvent.type(
      within(corrections).getByRole('textbox', { name: 'What should be corrected' }),
      'The reaction was hives.',
    );
    await userEvent.click(within(corrections).getByRole('button', { name: 'Send' }));
    expect(
      await within(corrections).findByText(
        'Please choose what in the record the request is about.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(about).toHaveFocus());
    expect(within(corrections).queryByRole('alert')).toBeNull();
  });

  it('lists answered requests with their state and the practice’s answer', async () => {
    const link = linkAmina();
    api.myHealth.corrections.add(link.patientId, {
      about: { kind: 'allergy', id: idOf('a11') },
      text: 'It was hives, not a rash.',
      requestedAt: '2025-01-20T10:00:00.000Z',
      status: 'accepted',
      answer: 'Reaction changed to hives.',
      answeredAt: '2025-02-01T10:00:00.000Z',
    });
    api.myHealth.corrections.add(link.patientId, {
      about: { kind: 'visit', id: idOf('f9') },
      text: 'I was not there that day.',
      requestedAt: '2025-01-21T10:00:00.000Z',
      status: 'declined',
      answer: 'The visit took place; the signature is on file.',
      answeredAt: '2025-02-02T10:00:00.000Z',
    });
    render();
    const corrections = await screen.findByRole('region', { name: 'Corrections' });
    const accepted = (await within(corrections).findByText('It was hives, not a rash.')).closest(
      'li',
    )!;
    expect(within(accepted).getByText('Accepted')).toBeVisible();
    expect(within(accepted).getByText(`About: ${bidi('Penicillin')}`)).toBeVisible();
    expect(within(accepted).getByText(/^What the practice changed:/)).toHaveTextContent(
      'What the practice changed: Reaction changed to hives.',
    );
    const declined = within(corrections).getByText('I was not there that day.').closest('li')!;
    expect(within(declined).getByText('Declined')).toBeVisible();
    // An item the screens no longer show is named by its kind.
    expect(within(declined).getByText('About: a visit')).toBeVisible();
    expect(within(declined).getByText(/^Why the practice declined:/)).toHaveTextContent(
      'The visit took place; the signature is on file.',
    );
  });

  it('cancels the form, focus back on its button', async () => {
    linkAmina();
    render();
    const { corrections } = await openForm();
    await userEvent.click(within(corrections).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        within(corrections).getByRole('button', { name: 'Ask for a correction' }),
      ).toHaveFocus(),
    );
  });
});
