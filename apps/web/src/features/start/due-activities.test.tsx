import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TToday, TTodayItem } from '@portal/shared/care-plan';
import { createTestUser } from '../../test/factories.ts';
import { asRead, itemTexts } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { DueActivities } from './due-activities.tsx';

const PATIENT_ID = '0d4f6c2a-1b3e-4a5d-8c7f-9e0a1b2c3d4e';
const CARE_PLAN_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';

let sequence = 0;
function item(overrides: Partial<TTodayItem> = {}): TTodayItem {
  sequence += 1;
  return {
    carePlanId: CARE_PLAN_ID,
    activityId: `7c8d9e0f-1a2b-4c3d-8e4f-${sequence.toString(16).padStart(12, '0')}`,
    activityTitle: 'HbA1c test',
    date: '2026-03-02',
    state: 'due',
    markedBy: null,
    markedAt: null,
    patientId: PATIENT_ID,
    patientName: 'Amina Yusuf',
    carePlanTitle: 'Diabetes',
    ...overrides,
  };
}

const today = (items: TTodayItem[], isTruncated = false): TToday => ({
  date: '2026-03-02',
  items,
  isTruncated,
});

const renderPanel = (props: Partial<Parameters<typeof DueActivities>[0]>) =>
  renderWithApp(
    <DueActivities isMember today={today([])} hasFailed={false} onRetry={() => {}} {...props} />,
    { path: '/records', user: createTestUser({ premiumMember: true }) },
  );

const panel = () => screen.getByRole('region', { name: 'Due care-plan activities' });

describe('DueActivities', () => {
  it('lists each due activity with its patient linking to the care plan in the chart', () => {
    renderPanel({
      today: today([
        item({ activityTitle: 'Blood pressure', date: '2026-02-20', state: 'overdue' }),
        item({ patientName: 'Bruno Costa' }),
      ]),
    });
    expect(itemTexts(within(panel()).getByRole('list')).map(asRead)).toEqual([
      'Blood pressureAmina YusufOverdue since Feb 20, 2026',
      'HbA1c testBruno CostaDue today',
    ]);
    expect(within(panel()).getByRole('link', { name: 'Bruno Costa' })).toHaveAttribute(
      'href',
      `/records/patients/${PATIENT_ID}#care-plan-${CARE_PLAN_ID}`,
    );
    expect(within(panel()).getByRole('link', { name: 'Open the Today list' })).toHaveAttribute(
      'href',
      '/today',
    );
  });

  it('says when nothing is due', () => {
    renderPanel({ today: today([]) });
    expect(within(panel()).getByText('Nothing is due today.')).toBeVisible();
    expect(within(panel()).getByRole('link', { name: 'Open the Today list' })).toBeVisible();
  });

  it('shows loading until the answer is in', () => {
    renderPanel({ today: undefined });
    expect(within(panel()).getByRole('status')).toHaveTextContent('Loading due activities…');
  });

  it('says the load failed, in the panel, and tries again on request', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderPanel({ today: undefined, hasFailed: true, onRetry });
    const alert = within(panel()).getByRole('alert');
    expect(alert).toHaveTextContent('The due activities could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers Premier in one line to a non-member, without an error', () => {
    renderPanel({ isMember: false, today: undefined });
    expect(asRead(panel().querySelector('p')?.textContent)).toBe(
      'Care plans and reminders come with Premier. See what Premier adds',
    );
    expect(within(panel()).getByRole('link', { name: 'See what Premier adds' })).toHaveAttribute(
      'href',
      '/premier',
    );
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(within(panel()).queryByRole('list')).toBeNull();
  });

  it('lists the first 8 and links to all of them on the Today list', () => {
    renderPanel({ today: today(Array.from({ length: 12 }, () => item())) });
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(8);
    expect(
      within(panel()).getByRole('link', { name: 'All 12 due activities on the Today list' }),
    ).toHaveAttribute('href', '/today');
  });
});
