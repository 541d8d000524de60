import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CARE_PLAN_MESSAGES } from '@portal/shared/care-plan';
import { RRULE_MESSAGES } from '@portal/shared/care-plan-rrule';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { json, startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { refuse } from '../../test/http.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { PatientCarePlans } from './patient-care-plans.tsx';

const MEMBER = createTestUser({ name: 'Dr Lena Weber', premiumMember: true });
let api: FakeApi;

function renderFor(user = MEMBER) {
  api = startFakeApi({ user });
  const patient = api.records.insert(patientInput({ name: 'Amina Yusuf' }));
  renderWithApp(<PatientCarePlans patient={patient} />, { path: '/records', user });
  return patient;
}

/** Opens the new plan's form, gives it its title and an activity with its name; the form. */
async function startPlan(
  user: UserEvent,
  { title, activity }: { title: string; activity: string },
) {
  await user.click(await screen.findByRole('button', { name: 'Add care plan' }));
  const form = screen.getByRole('form', { name: 'New care plan' });
  await fill(user, within(form).getByRole('textbox', { name: 'Title' }), title);
  await user.click(within(form).getByRole('button', { name: 'Add activity' }));
  await fill(user, within(form).getByRole('textbox', { name: 'Activity 1' }), activity);
  return form;
}

describe('PatientCarePlans', () => {
  it('explains Premier to a non-member, with a link to /premier, and asks the API nothing', async () => {
    const user = userEvent.setup();
    renderFor(createTestUser({ premiumMember: false }));
    expect(screen.getByRole('heading', { name: 'Care plans are a Premier feature' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'See what Premier adds' }));
    expect(await screen.findByText('Premier page')).toBeVisible();
    expect(api.requestsTo('GET', /care-plans/)).toEqual([]);
  });

  it('explains Premier when the API says premium has ended (402)', async () => {
    renderFor();
    // The session still says member; the server has ended premium (a refund, say).
    api.carePlans.isMember = () => false;
    expect(
      await screen.findByRole('heading', { name: 'Care plans are a Premier feature' }),
    ).toBeVisible();
  });

  it('creates a plan with a goal and an activity every 3 months, then shows its occurrences', async () => {
    const user = userEvent.setup();
    renderFor();
    expect(await screen.findByText('No care plans yet.')).toBeVisible();
    const form = await startPlan(user, { title: 'Diabetes follow-up', activity: 'HbA1c test' });
    await user.click(within(form).getByRole('button', { name: 'Add goal' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Goal 1' }), 'HbA1c below 7%');
    const start = within(form).getByLabelText('Start of activity 1');
    await user.clear(start);
    await user.type(start, '2026-01-15');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Repeat activity 1' }),
      'every3Months',
    );
    expect(within(form).getByText('Every 3 months', { selector: 'p' })).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save care plan' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Care plan “Diabetes follow-up” saved.',
    );
    expect(api.carePlans.plans[0]).toMatchObject({
      title: 'Diabetes follow-up',
      goals: [{ text: 'HbA1c below 7%', targetDate: '' }],
      activities: [{ title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=MONTHLY;INTERVAL=3' }],
    });
    const due = await screen.findByRole('button', { name: /^Mark done: HbA1c test, Apr 15, 2026/ });
    expect(screen.getByText('Due today')).toBeVisible();
    await user.click(due);
    expect(
      await screen.findByRole('button', { name: /^Undo: HbA1c test, Apr 15, 2026/ }),
    ).toBeVisible();
    expect(screen.getByText(/by Dr Lena Weber on Apr 15, 2026/)).toBeVisible();
  });

  it("says so when a plan's occurrences cannot be loaded, and still shows the plan", async () => {
    const patient = renderFor();
    api.carePlans.add(patient._id, {
      activities: [{ title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=MONTHLY' }],
    });
    api.on('GET', /\/care-plans\/[^/]+\/occurrences$/, () => refuse('INTERNAL', 500));
    expect(
      await screen.findByText('The care plans could not be loaded. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: /Diabetes follow-up/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Mark done/ })).toBeNull();
  });

  it('saves once when save is pressed again while the plan is being saved', async () => {
    const user = userEvent.setup();
    renderFor();
    const form = await startPlan(user, { title: 'Asthma review', activity: 'Peak flow' });
    const gate = api.hold('POST', /\/care-plans$/);
    const save = within(form).getByRole('button', { name: 'Save care plan' });
    await user.click(save);
    // aria-disabled, not disabled: the pressed button keeps focus and can be pressed again.
    expect(await within(form).findByRole('button', { name: 'Saving…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Enter}');
    gate.release();

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Care plan “Asthma review” saved.'),
    );
    expect(api.requestsTo('POST', /\/care-plans$/)).toHaveLength(1);
    expect(api.carePlans.plans).toHaveLength(1);
  });

  it("puts a bad custom rule's message on its field, in words", async () => {
    const user = userEvent.setup();
    renderFor();
    const form = await startPlan(user, { title: 'Blood pressure', activity: 'Check' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Repeat activity 1' }),
      'custom',
    );
    const rule = within(form).getByRole('textbox', {
      name: 'Recurrence rule (RRULE) of activity 1',
    });
    await fill(user, rule, 'FREQ=HOURLY');
    await user.click(within(form).getByRole('button', { name: 'Save care plan' }));
    expect(rule).toHaveAccessibleDescription(RRULE_MESSAGES.tooFrequent);
    expect(rule).toHaveFocus();
    await user.clear(rule);
    await user.type(rule, 'FREQ=WEEKLY;INTERVAL=2');
    expect(within(form).getByText('Every 2 weeks')).toBeVisible();
    expect(api.requestsTo('POST', /care-plans/)).toEqual([]);
  });

  it("puts the API's field errors on their fields, focuses the first, and leaves others to the form", async () => {
    const user = userEvent.setup();
    renderFor();
    api.on('POST', /\/care-plans$/, () =>
      json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          fieldErrors: { 'activities.0.start': CARE_PLAN_MESSAGES.startInvalid, _: 'Not a field' },
        },
        { status: 400 },
      ),
    );
    const form = await startPlan(user, { title: 'Blood pressure', activity: 'Check' });
    await user.click(within(form).getByRole('button', { name: 'Save care plan' }));
    const start = within(form).getByLabelText('Start of activity 1');
    await waitFor(() => expect(start).toHaveFocus());
    expect(start).toHaveAccessibleDescription(CARE_PLAN_MESSAGES.startInvalid);
  });
});
