import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from '../../i18n/i18n.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { formatDay } from '../../i18n/format.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { itemTexts } from '../../test/queries.ts';
import { formatEntryTime } from './timeline-entry.tsx';
import { PatientTimeline } from './patient-timeline.tsx';

const MEMBER = createTestUser({ name: 'Dr Lena Weber', premiumMember: true });
const anchor = (carePlanId: string) => `plan-${carePlanId}`;
let api: FakeApi;

/**
 * A patient with a visit on 10 April and a plan whose blood pressure check is weekly from
 * 1 April (the fake's today is 15 April): 1 April done, 8 April overdue, 15 April due.
 */
function patientWithPlan(user: TUser) {
  api = startFakeApi({ user });
  const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  api.visits.add(patient._id, { occurredAt: '2026-04-10T09:00:00.000Z', reason: 'Review' });
  const plan = api.carePlans.add(patient._id, {
    title: 'Hypertension follow-up',
    activities: [{ title: 'Blood pressure check', start: '2026-04-01', rrule: 'FREQ=WEEKLY' }],
  });
  api.carePlans.marks.set(`${plan._id}/${plan.activities[0]!.id}/2026-04-01`, {
    mark: 'done',
    markedAt: '2026-04-01T09:00:00.000Z',
  });
  renderWithApp(
    <>
      <PatientTimeline patient={patient} carePlanHref={(id) => `#${anchor(id)}`} />
      {/* Where app/ shows the plan (the care plans section). */}
      <p id={anchor(plan._id)} tabIndex={-1}>
        The plan
      </p>
    </>,
    { path: '/records', user },
  );
  return { patient, plan };
}

describe('PatientTimeline: care-plan activities', () => {
  beforeEach(async () => {
    await i18next.changeLanguage('en');
  });

  it("shows a member the activities due today and overdue, each with its day and plan, in the timeline's order", async () => {
    patientWithPlan(MEMBER);
    const list = await screen.findByRole('list', { name: 'Timeline' });
    await within(list).findAllByText('Blood pressure check');
    expect(itemTexts(list)).toEqual([
      `Due ${formatDay('2026-04-15', 'en')}Care-plan activityDue todayBlood pressure checkCare plan: Hypertension follow-up`,
      `${formatEntryTime('2026-04-10T09:00:00.000Z', 'en')}VisitDraftReview`,
      `Due ${formatDay('2026-04-08', 'en')}Care-plan activityOverdueBlood pressure checkCare plan: Hypertension follow-up`,
    ]);
    const overdue = within(list).getAllByRole('listitem')[2]!;
    expect(overdue.querySelector('time')).toHaveAttribute('datetime', '2026-04-08');
  });

  it('links each activity to its plan, reachable by keyboard, and the link takes focus to the plan', async () => {
    const user = userEvent.setup();
    const { plan } = patientWithPlan(MEMBER);
    const [link] = await screen.findAllByRole('link', { name: 'Hypertension follow-up' });
    expect(link).toHaveAttribute('href', `#${anchor(plan._id)}`);
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('The plan')).toHaveFocus();
  });

  it('shows no care-plan activity to a non-member, and no Premier error either', async () => {
    patientWithPlan(createTestUser({ premiumMember: false }));
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(await within(list).findByText('Review')).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Blood pressure check')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('reads right to left in Arabic, with the due day in Arabic and the typed titles kept apart', async () => {
    await i18next.changeLanguage('ar');
    patientWithPlan(MEMBER);
    const list = await screen.findByRole('list', { name: 'السجل الزمني' });
    const [, , overdue] = await within(list).findAllByRole('listitem');
    expect(overdue).toHaveTextContent('نشاط خطة رعاية');
    expect(overdue).toHaveTextContent('متأخر');
    expect(overdue!.querySelector('time')).toHaveTextContent(formatDay('2026-04-08', 'ar'));
    expect(within(overdue!).getByText('Blood pressure check').tagName).toBe('BDI');
    expect(within(overdue!).getByRole('link', { name: 'Hypertension follow-up' })).toBeVisible();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
