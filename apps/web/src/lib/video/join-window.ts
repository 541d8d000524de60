import { VIDEO_OPEN_STATUSES, VIDEO_WINDOW } from '@portal/shared/video';

/** The API's window, which it enforces: from 10 minutes before the start… */
const OPENS_BEFORE_MS = VIDEO_WINDOW.opensMinutesBefore * 60_000;
/** …until 30 minutes after the end. */
const CLOSES_AFTER_MS = VIDEO_WINDOW.closesMinutesAfter * 60_000;
/** Statuses whose call can be joined (a fulfilled one too: it may be marked during the call). */
const JOINABLE_STATUSES: readonly string[] = VIDEO_OPEN_STATUSES;

export type JoinWindow = { state: 'open' } | { state: 'later'; opensAt: Date } | { state: 'none' };

/**
 * Whether the video visit can be joined at `now`: open inside the window, `later` before it
 * (with when it opens), `none` after it, for another kind or for a cancelled, no-show or requested
 * appointment.
 */
export function joinWindowOf(
  appointment: { kind: string; status: string; start: string; end: string },
  now: number,
): JoinWindow {
  if (appointment.kind !== 'video' || !JOINABLE_STATUSES.includes(appointment.status))
    return { state: 'none' };
  const opensAt = Date.parse(appointment.start) - OPENS_BEFORE_MS;
  const closesAt = Date.parse(appointment.end) + CLOSES_AFTER_MS;
  if (now < opensAt) return { state: 'later', opensAt: new Date(opensAt) };
  if (now < closesAt) return { state: 'open' };
  return { state: 'none' };
}

/** The address of an appointment's video visit. */
export const videoPath = (appointmentId: string) => `/video/${encodeURIComponent(appointmentId)}`;
