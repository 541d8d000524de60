import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { CorrectionRequests } from './correction-requests.tsx';

const section = patientSectionTests(CorrectionRequests, createTestUser());

/** A name as set in a sentence: isolated (FSI … PDI). */
const bidi = (text: string) => `\u2068${text}\u2069`;

const addRequest = (input: Parameters<typeof section.api.myHealth.corrections.add>[1] = {}) =>
  section.api.myHealth.corrections.add(section.patient._id, {
    about: { kind: 'patient', id: null },
    text: 'My date of birth is 12 April, not 21 April.',
    requestedAt: '2026-03-02T10:00:00.000Z',
    ...input,
  });

/** The list item of the request whose text is `text`. */
async function requestWith(text: string) {
  const region = await screen.findByRole('region', { name: /^Correction requests/ });
  return { region, item: (await within(region).findByText(text)).closest('li')! };
}

describe('Correction requests (in the chart)', () => {
  it('is not shown while nobody has asked for a correction', async () => {
    section.render();
    await waitFor(() => expect(section.api.requestsTo('GET', /\/corrections$/)).toHaveLength(1));
    // One more round: the answer has reached the screen.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: /^Correction requests/ })).toBeNull();
  });

  it('shows who asked, about what, the text and the open count in the heading', async () => {
    addRequest();
    addRequest({
      about: { kind: 'prescription', id: '5b2d7e10-0000-4000-9000-0000000000b1' },
      text: 'I stopped this in January.',
      status: 'declined',
      answer: 'It is still on your active list; please call us.',
      answeredAt: '2026-03-03T10:00:00.000Z',
    });
    section.render();
    const region = await screen.findByRole('region', { name: 'Correction requests (open: 1)' });
    const open = (
      await within(region).findByText('My date of birth is 12 April, not 21 April.')
    ).closest('li')!;
    expect(within(open).getByText(`${bidi('Amina Yusuf')} asked on Mar 2, 2026.`)).toBeVisible();
    expect(within(open).getByText("About: the patient's details")).toBeVisible();
    expect(within(open).getByText('Requested')).toBeVisible();
    expect(
      within(open).getByText('Edit the record, then accept and say what you changed.'),
    ).toBeVisible();
    const declined = within(region).getByText('I stopped this in January.').closest('li')!;
    expect(within(declined).getByText('About: a prescription')).toBeVisible();
    expect(within(declined).getByText('Declined')).toBeVisible();
    expect(within(declined).getByText(/^Reason:/)).toHaveTextContent(
      'Reason: It is still on your active list; please call us.',
    );
    expect(within(declined).queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('accepts with what was changed: focus and announcement on the new status', async () => {
    const request = addRequest();
    section.render();
    const { item } = await requestWith('My date of birth is 12 April, not 21 April.');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Accept the request of Mar 2, 2026' }),
    );
    const answer = within(item).getByRole('textbox', { name: 'What did you change? (optional)' });
    await waitFor(() => expect(answer).toHaveFocus());
    await userEvent.type(answer, 'Date of birth corrected to 12 April.');
    await userEvent.click(within(item).getByRole('button', { name: 'Accept request' }));

    const status = await within(item).findByText('Accepted');
    await waitFor(() => expect(status.closest('p')).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe('Request accepted.');
    expect(within(item).getByText(/^What was changed:/)).toHaveTextContent(
      'What was changed: Date of birth corrected to 12 April.',
    );
    expect(section.api.myHealth.corrections.of(section.patient._id)[0]).toMatchObject({
      _id: request._id,
      status: 'accepted',
      answer: 'Date of birth corrected to 12 April.',
    });
    expect(await screen.findByRole('region', { name: 'Correction requests' })).toBeVisible();
  });

  it('accepts without saying what was changed', async () => {
    addRequest();
    section.render();
    const { item } = await requestWith('My date of birth is 12 April, not 21 April.');
    await userEvent.click(within(item).getByRole('button', { name: /^Accept the request/ }));
    await userEvent.click(within(item).getByRole('button', { name: 'Accept request' }));
    expect(await within(item).findByText('Accepted')).toBeVisible();
    expect(section.api.requestsTo('POST', /\/accept$/).map((request) => request.body)).toEqual([
      { answer: '' },
    ]);
  });

  it('asks for the reason before declining, then declines', async () => {
    addRequest();
    section.render();
    const { item } = await requestWith('My date of birth is 12 April, not 21 April.');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Decline the request of Mar 2, 2026' }),
    );
    const reason = within(item).getByRole('textbox', { name: 'Reason for declining' });
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.click(within(item).getByRole('button', { name: 'Decline request' }));
    expect(within(item).getByText('Please give the reason for declining.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(section.api.requestsTo('POST', /\/decline$/)).toHaveLength(0);

    await userEvent.type(reason, 'The passport shows 21 April.');
    await userEvent.click(within(item).getByRole('button', { name: 'Decline request' }));
    const status = await within(item).findByText('Declined');
    await waitFor(() => expect(status.closest('p')).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe('Request declined.');
    expect(within(item).getByText(/^Reason:/)).toHaveTextContent(
      'Reason: The passport shows 21 April.',
    );
  });

  it('says so when the request was answered meanwhile, and shows its answer', async () => {
    const request = addRequest();
    section.render();
    const { item } = await requestWith('My date of birth is 12 April, not 21 April.');
    await userEvent.click(within(item).getByRole('button', { name: /^Accept the request/ }));
    // Answered from another tab meanwhile.
    Object.assign(request, {
      status: 'accepted',
      answer: 'Corrected.',
      answeredAt: '2026-03-03T10:00:00.000Z',
    });
    await userEvent.click(within(item).getByRole('button', { name: 'Accept request' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'This correction request has already been answered.',
    );
    expect(await within(item).findByText('Accepted')).toBeVisible();
    expect(within(item).queryByRole('button', { name: 'Accept request' })).toBeNull();
  });

  it('cancels an answer, focus back on Accept', async () => {
    addRequest();
    section.render();
    const { item } = await requestWith('My date of birth is 12 April, not 21 April.');
    await userEvent.click(within(item).getByRole('button', { name: /^Accept the request/ }));
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: /^Accept the request/ })).toHaveFocus(),
    );
  });
});
