import { useTranslation } from '../i18n/use-translation.ts';
import { dateTimeFormat } from '../i18n/intl-formats.ts';
import { useMinuteClock } from '../lib/hooks/use-minute-clock.ts';
import { joinWindowOf, videoPath } from '../lib/video/join-window.ts';
import { ButtonLink } from './button.tsx';
import { Icon } from './icon.tsx';
import styles from './video-join.module.css';

/**
 * On a video appointment (the agenda, a patient's details, My health): "Join video visit" while
 * its window is open, "Video visit opens at 09:50" before, nothing after; the clock is read
 * again each minute, so the link appears without a reload. Texts: the `video` namespace.
 */
export function VideoJoin({
  appointment,
  timeZone,
  describedBy,
  tellsOpeningWithinMs = Infinity,
}: {
  appointment: { _id: string; kind: string; status: string; start: string; end: string };
  /** The clock the time is told on (the practice's); the reader's own when omitted. */
  timeZone?: string;
  /** The appointment's summary, read after the link's name. */
  describedBy?: string;
  /**
   * Say when the visit opens only once that is this close (the agenda's compact cards: the
   * visits of the coming hours, not every video visit of the week); always when omitted.
   */
  tellsOpeningWithinMs?: number;
}) {
  const { t, i18n } = useTranslation('video');
  const now = useMinuteClock();
  const joinWindow = joinWindowOf(appointment, now);
  if (joinWindow.state === 'none') return null;
  if (joinWindow.state === 'later') {
    if (joinWindow.opensAt.getTime() - now > tellsOpeningWithinMs) return null;
    const time = dateTimeFormat(i18n.language, { timeZone, timeStyle: 'short' }).format(
      joinWindow.opensAt,
    );
    return (
      <p className={styles.later}>
        <Icon name="camera" size={18} />
        {t('join.opensAt', { time })}
      </p>
    );
  }
  return (
    <ButtonLink
      to={videoPath(appointment._id)}
      aria-describedby={describedBy}
      className={styles.join}
    >
      <Icon name="camera" />
      {t('join.button')}
    </ButtonLink>
  );
}
