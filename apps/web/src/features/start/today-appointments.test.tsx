import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { asRead, itemTexts } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { TodayAppointments, type DayAppointment } from './today-appointments.tsx';

const PATIENT_ID = '0d4f6c2a-1b3e-4a5d-8c7f-9e0a1b2c3d4e';

function appointment(overrides: Partial<DayAppointment> & Pick<DayAppointment, 'start'>) {
  const end = new Date(Date.parse(overrides.start) + 30 * 60_000).toISOString();
  return {
    id: `a-${overrides.start}`,
    patientId: PATIENT_ID,
    patientName: 'Amina Yusuf',
    end,
    kind: 'In person',
    status: 'Booked',
    ...overrides,
  };
}

const renderPanel = (props: Partial<Parameters<typeof TodayAppointments>[0]>) =>
  renderWithApp(
    <TodayAppointments
      timeZone="Asia/Tokyo"
      appointments={[]}
      hasFailed={false}
      onRetry={() => {}}
      {...props}
    />,
    { path: '/records', user: createTestUser() },
  );

const panel = () => screen.getByRole('region', { name: 'Today' });

describe('TodayAppointments', () => {
  it("lists the day's appointments earliest first on the practitioner's clock, each patient linking to the chart", () => {
    renderPanel({
      appointments: [
        appointment({
          start: '2026-03-03T01:00:00.000Z',
          patientName: 'Bruno Costa',
          kind: 'Video',
          status: 'Arrived',
        }),
        appointment({ start: '2026-03-02T23:30:00.000Z' }),
      ],
    });
    expect(itemTexts(within(panel()).getByRole('list')).map(asRead)).toEqual([
      '8:30 – 9:00 AMAmina YusufIn personBooked',
      '10:00 – 10:30 AMBruno CostaVideoArrived',
    ]);
    expect(within(panel()).getByRole('link', { name: 'Amina Yusuf' })).toHaveAttribute(
      'href',
      `/records/patients/${PATIENT_ID}`,
    );
    expect(within(panel()).getByRole('link', { name: 'Open the agenda' })).toHaveAttribute(
      'href',
      '/appointments',
    );
  });

  it('says when there are no appointments today, and still links to the agenda', () => {
    renderPanel({ appointments: [] });
    expect(within(panel()).getByText('No appointments today')).toBeVisible();
    expect(within(panel()).queryByRole('list')).toBeNull();
    expect(within(panel()).getByRole('link', { name: 'Open the agenda' })).toBeVisible();
  });

  it('shows loading until the time zone and the appointments are in', () => {
    renderPanel({ timeZone: undefined, appointments: undefined });
    expect(within(panel()).getByRole('status')).toHaveTextContent('Loading today’s appointments…');
  });

  it('says the load failed, in the panel, and tries again on request', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderPanel({ appointments: undefined, hasFailed: true, onRetry });
    const alert = within(panel()).getByRole('alert');
    expect(alert).toHaveTextContent('Today’s appointments could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('lists the first 8 of a long day and links to all of them in the agenda', () => {
    const appointments = Array.from({ length: 11 }, (_, hour) =>
      appointment({ start: new Date(Date.UTC(2026, 2, 2, hour)).toISOString() }),
    );
    renderPanel({ appointments: appointments.slice(0, 10), total: 11, timeZone: 'UTC' });
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(8);
    expect(
      within(panel()).getByRole('link', { name: 'All 11 appointments today' }),
    ).toHaveAttribute('href', '/appointments');
  });

  it('reads in Arabic, the time as Arabic writes it and the Latin name kept in its own order', async () => {
    await i18n.changeLanguage('ar');
    renderPanel({ appointments: [appointment({ start: '2026-03-02T23:30:00.000Z' })] });
    const arabicPanel = screen.getByRole('region', { name: 'اليوم' });
    const name = within(arabicPanel).getByRole('link', { name: 'Amina Yusuf' });
    expect(name.querySelector('bdi')).toHaveAttribute('dir', 'auto');
    expect(within(arabicPanel).getByRole('listitem')).toHaveTextContent('8:30–9:00 ص');
    expect(within(arabicPanel).getByRole('link', { name: 'فتح جدول المواعيد' })).toBeVisible();
  });
});
