import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render-with-app.tsx';
import { VideoJoin } from './video-join.tsx';

/** A video visit 10:00–10:30 UTC (Berlin 11:00–11:30) on 2 March 2026. */
const VISIT = {
  _id: 'a9b8c7d6-0000-4000-8000-000000000007',
  kind: 'video',
  status: 'booked',
  start: '2026-03-02T10:00:00.000Z',
  end: '2026-03-02T10:30:00.000Z',
};

function renderAt(now: string, appointment: Partial<typeof VISIT> = {}) {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(new Date(now));
  return renderWithApp(<VideoJoin appointment={{ ...VISIT, ...appointment }} timeZone="UTC" />);
}

afterEach(() => vi.useRealTimers());

describe('VideoJoin', () => {
  it('says when the visit opens on the given clock, and offers joining from 10 minutes before', () => {
    renderAt('2026-03-02T09:49:10Z');
    expect(screen.getByText(/Video visit opens at 9:50 AM$/)).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    // The clock is read again at the next minute: the link comes without a reload.
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('link', { name: 'Join video visit' })).toHaveAttribute(
      'href',
      `/video/${VISIT._id}`,
    );
    expect(screen.queryByText(/opens at/)).not.toBeInTheDocument();
  });

  it('keeps the way in open until 30 minutes after the end, then shows nothing', () => {
    renderAt('2026-03-02T10:59:30Z');
    expect(screen.getByRole('link', { name: 'Join video visit' })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/Video visit/)).not.toBeInTheDocument();
  });

  it('says when it opens only once that is as close as asked', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-03-01T21:00:00Z'));
    renderWithApp(
      <VideoJoin appointment={VISIT} timeZone="UTC" tellsOpeningWithinMs={12 * 3_600_000} />,
    );
    expect(screen.queryByText(/Video visit opens at/)).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3_600_000);
    });
    expect(screen.getByText(/Video visit opens at 9:50 AM$/)).toBeVisible();
  });

  it('shows nothing on another kind of visit, or one cancelled or still requested', () => {
    for (const change of [
      { kind: 'in-person' },
      { status: 'cancelled' },
      { status: 'requested' },
    ]) {
      const { unmount } = renderAt('2026-03-02T10:05:00Z', change);
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      unmount();
    }
  });
});
