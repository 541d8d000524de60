import { VIDEO_OPEN_STATUSES, VIDEO_WINDOW } from '@portal/shared/video';
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
  const details = { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() };
  if (place.kind !== 'video')
    throw new AppError('VIDEO_NOT_OPEN', {
      message: 'This appointment is not a video visit.',
      details,
    });
  if (!isOpenStatus(place.status))
    throw new AppError('VIDEO_NOT_OPEN', {
      message:
        place.status === 'requested'
          ? 'This video visit is not confirmed yet: it can be joined once the practitioner confirms it.'
          : 'This video visit was cancelled or missed: it can no longer be joined.',
      details,
    });
  if (now < opensAt)
    throw new AppError('VIDEO_NOT_OPEN', {
      message: `This video visit opens at ${details.opensAt}, 10 minutes before the appointment.`,
      details,
    });
  if (now >= closesAt)
    throw new AppError('VIDEO_NOT_OPEN', {
      message: `This video visit closed at ${details.closesAt}, 30 minutes after the appointment's end.`,
      details,
    });
  return closesAt;
}
