import { VIDEO_OPEN_STATUSES, VIDEO_WINDOW, type TVideoNotOpenReason } from '@portal/shared/video';
import { AppError } from '../../lib/app-error.ts';
import type { CallPlace } from './video.repository.ts';

const MINUTE_MS = 60_000;

/** When a visit's call may be joined: from 10 minutes before its start to 30 after its end. */
export function callWindow(place: Pick<CallPlace, 'startsAt' | 'endsAt'>): {
  opensAt: Date;
  closesAt: Date;
} {
  return {
    opensAt: new Date(place.startsAt.getTime() - VIDEO_WINDOW.opensMinutesBefore * MINUTE_MS),
    closesAt: new Date(place.endsAt.getTime() + VIDEO_WINDOW.closesMinutesAfter * MINUTE_MS),
  };
}

const isOpenStatus = (status: string) =>
  (VIDEO_OPEN_STATUSES as readonly string[]).includes(status);

/**
 * The end of the call's window when it can be joined at `now`; otherwise 409 `VIDEO_NOT_OPEN`
 * saying why, and when it opens (or closed), with both instants in the body for the screen.
 */
export function openWindowEnd(place: CallPlace, now: Date): Date {
  const { opensAt, closesAt } = callWindow(place);
  const times = { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() };
  const refusal = (reason: TVideoNotOpenReason, message: string) =>
    new AppError('VIDEO_NOT_OPEN', { message, details: { reason, ...times } });
  if (place.kind !== 'video') throw refusal('not-video', 'This appointment is not a video visit.');
  if (place.status === 'requested')
    throw refusal(
      'not-confirmed',
      'This video visit is not confirmed yet: it can be joined once the practitioner confirms it.',
    );
  if (!isOpenStatus(place.status))
    throw refusal(
      'cancelled',
      'This video visit was cancelled or missed: it can no longer be joined.',
    );
  if (now < opensAt)
    throw refusal(
      'early',
      `This video visit opens at ${times.opensAt}, 10 minutes before the appointment.`,
    );
  if (now >= closesAt)
    throw refusal(
      'closed',
      `This video visit closed at ${times.closesAt}, 30 minutes after the appointment's end.`,
    );
  return closesAt;
}
