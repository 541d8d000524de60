/** A video visit can be joined from 10 minutes before its start… */
export const JOIN_OPENS_BEFORE_MS = 10 * 60_000;
/** …until 30 minutes after its end (the API's window, which it enforces). */
export const JOIN_CLOSES_AFTER_MS = 30 * 60_000;

/** Statuses whose call can be joined (a fulfilled one too: it may be marked during the call). */
const JOINABLE_STATUSES = ['booked', 'arrived', 'fulfilled'];

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
  const opensAt = Date.parse(appointment.start) - JOIN_OPENS_BEFORE_MS;
  const closesAt = Date.parse(appointment.end) + JOIN_CLOSES_AFTER_MS;
  if (now < opensAt) return { state: 'later', opensAt: new Date(opensAt) };
  if (now < closesAt) return { state: 'open' };
  return { state: 'none' };
}

/** The address of an appointment's video visit. */
export const videoPath = (appointmentId: string) => `/video/${encodeURIComponent(appointmentId)}`;
