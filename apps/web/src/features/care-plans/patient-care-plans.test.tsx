import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { CARE_PLAN_MESSAGES } from '@portal/shared/care-plan';
import { RRULE_MESSAGES } from '@portal/shared/care-plan-rrule';
import { ERRORS } from '@portal/shared/errors';
import { formatDay } from '../../i18n/format.ts';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { fakeDateAt } from '../../test/clock.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { json, startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { refuse } from '../../test/http.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { PatientCarePlans } from './patient-care-plans.tsx';

const MEMBER = createTestUser({ name: 'Dr Lena Weber', premiumMember: true });
let api: FakeApi;

/** The practitioner's clock (UTC) and the fake API's agree: today is 15 April 2026. */
function renderFor(user = MEMBER, { before }: { before?: (patientId: string) => void } = {}) {
  fakeDateAt('2026-04-15T09:00:00Z');
  api = startFakeApi({ user });
  const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  before?.(patient._id);
  renderWithApp(<PatientCarePlans patient={patient} />, { path: '/records', user });
  return patient;
}

/** A plan with one daily activity, 'BP check', from `start`; the plan and the activity's id. */
function addDailyPlan(patientId: string, start: string, status?: 'active' | 'on-hold') {
  const plan = api.carePlans.add(patientId, {
    title: 'Blood pressure',
    ...(status && { status }),
    activities: [{ title: 'BP check', start, rrule: 'FREQ=DAILY' }],
  });
  return { plan, activityId: plan.activities[0]!.id };
}

const doneButtons = () => screen.queryAllByRole('button', { name: /^Mark done: BP check/ });

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
    expect(screen.getByText('Next: Jul 15, 2026')).toBeVisible();
    await user.click(due);
    // Marked, it leaves what is due for the plan's recent marks.
    const marks = await screen.findByRole('list', { name: 'Recently marked' });
    expect(
      within(marks).getByRole('button', { name: /^Undo: HbA1c test, Apr 15, 2026/ }),
    ).toBeVisible();
    expect(within(marks).getByText(/by Dr Lena Weber on Apr 15, 2026/)).toBeVisible();
    expect(screen.queryByText('Due today')).toBeNull();
  });

  it('lists a daily activity started 10 days ago as its 11 due days and its next date, no day ahead', async () => {
    renderFor(MEMBER, { before: (patientId) => addDailyPlan(patientId, '2026-04-05') });
    expect(await screen.findByText('Next: Apr 16, 2026')).toBeVisible();
    const due = screen.getByRole('list', { name: 'Activities due' });
    expect(within(due).getAllByRole('button', { name: /^Mark done: BP check/ })).toHaveLength(11);
    expect(within(due).getAllByRole('button', { name: /^Skip: BP check/ })).toHaveLength(11);
    expect(within(due).getAllByText('Overdue')).toHaveLength(10);
    expect(within(due).getByText('Due today')).toBeVisible();
    expect(screen.queryByText('Upcoming')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Recently marked' })).toBeNull();
    const [asked] = api.requestsTo('GET', /\/occurrences$/);
    expect(Object.fromEntries(asked!.search)).toEqual({ from: '2026-01-15', to: '2026-04-16' });
  });

  it('marks by keyboard: announced, focus on the next due day, then on the heading once none is left', async () => {
    const user = userEvent.setup();
    renderFor(MEMBER, { before: (patientId) => addDailyPlan(patientId, '2026-04-14') });
    await screen.findByText('Next: Apr 16, 2026');
    doneButtons()[0]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentAnnouncement()?.text).toBe('BP check marked done.'));
    await waitFor(() => expect(doneButtons()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Mark done: BP check, Apr 15, 2026' })).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Skip: BP check, Apr 15, 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentAnnouncement()?.text).toBe('BP check skipped.'));
    expect(await screen.findByText('Nothing is due or overdue.')).toBeVisible();
    expect(screen.getByText('Activities due')).toHaveFocus();
    const marks = screen.getByRole('list', { name: 'Recently marked' });
    expect(
      within(marks)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Undo: BP check, Apr 15, 2026', 'Undo: BP check, Apr 14, 2026']);

    // Taken back, the day is due again; focus goes to the mark that takes its place.
    within(marks).getAllByRole('button')[0]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentAnnouncement()?.text).toBe('BP check is due again.'));
    expect(
      await screen.findByRole('button', { name: 'Mark done: BP check, Apr 15, 2026' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo: BP check, Apr 14, 2026' })).toHaveFocus();
  });

  it("shows a plan's 5 newest marks, newest first, however many there are", async () => {
    renderFor(MEMBER, {
      before: (patientId) => {
        const { plan, activityId } = addDailyPlan(patientId, '2026-04-01');
        for (let day = 1; day <= 12; day += 1)
          api.carePlans.marks.set(
            `${plan._id}/${activityId}/2026-04-${String(day).padStart(2, '0')}`,
            {
              mark: day % 2 ? 'done' : 'skipped',
              markedAt: '2026-04-13T09:00:00.000Z',
            },
          );
      },
    });
    const marks = await screen.findByRole('list', { name: 'Recently marked' });
    expect(
      within(marks)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([12, 11, 10, 9, 8].map((day) => `Undo: BP check, Apr ${day}, 2026`));
    expect(doneButtons()).toHaveLength(3);
  });

  it('lists nothing due and no next day for a plan on hold, and keeps its marks', async () => {
    renderFor(MEMBER, {
      before: (patientId) => {
        const { plan, activityId } = addDailyPlan(patientId, '2026-04-05', 'on-hold');
        api.carePlans.marks.set(`${plan._id}/${activityId}/2026-04-06`, {
          mark: 'done',
          markedAt: '2026-04-06T09:00:00.000Z',
        });
      },
    });
    expect(await screen.findByText('Nothing is due or overdue.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo: BP check, Apr 6, 2026' })).toBeVisible();
    expect(screen.queryByText(/^Next:/)).toBeNull();
    expect(doneButtons()).toEqual([]);
  });

  it.each([
    ['en', ERRORS.OCCURRENCE_NOT_YET_DUE.message, 'Next: '],
    ['ar', 'لم يحن هذا اليوم بعد. حدِّد النشاط كمُنجَز أو متجاوَز في يومه أو بعده.', 'الموعد التالي: '],
  ])(
    '(%s) says why a mark for a day that has not come is refused, and lists that day as next',
    async (language, message, next) => {
      const user = userEvent.setup();
      await i18next.changeLanguage(language);
      renderFor(MEMBER, { before: (patientId) => addDailyPlan(patientId, '2026-04-15') });
      const [done] = await screen.findAllByRole('button', { name: /: BP check, / });
      // The server's today is still yesterday (the practitioner's zone changed elsewhere, say).
      api.carePlans.today = '2026-04-14';
      await user.click(done!);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(api.carePlans.marks.size).toBe(0);
      // The list, asked again, has the day as still to come: no button, and the message has focus.
      expect(await screen.findByText(`${next}${formatDay('2026-04-15', language)}`)).toBeVisible();
      expect(screen.queryByRole('button', { name: /: BP check, / })).toBeNull();
      expect(alert).toHaveFocus();
    },
  );

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
