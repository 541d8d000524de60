import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import type { TDirectoryBooking } from '@portal/shared/booking';
import { instantWhen } from './directory-text.ts';
import styles from './directory.module.css';

/**
 * What a booking came to: booked (instant booking), or requested and held until the doctor
 * confirms it or `requestExpiresAt` passes. Both lead to My health, where it is listed.
 */
export function BookingDone({
  booking,
  timeZone,
  onAgain,
}: {
  booking: TDirectoryBooking;
  /** The doctor's zone: the times are said as on the doctor's week. */
  timeZone: string;
  onAgain: () => void;
}) {
  const { t, i18n } = useTranslation('directory');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const isRequest = booking.status === 'requested';
  const texts = {
    name: `\u2068${booking.practitionerName}\u2069`,
    when: instantWhen(booking.start, timeZone, i18n.language),
    kind: t(`kinds.${booking.kind}`),
    until: booking.requestExpiresAt
      ? instantWhen(booking.requestExpiresAt, timeZone, i18n.language)
      : '',
  };
  return (
    <section className={styles.done} aria-labelledby="booking-done">
      <h2 id="booking-done" ref={headingRef} tabIndex={-1}>
        {t(isRequest ? 'confirmed.requested' : 'confirmed.booked')}
      </h2>
      <p>{t(isRequest ? 'confirmed.requestedText' : 'confirmed.bookedText', texts)}</p>
      <div className={styles.formActions}>
        <ButtonLink to="/my-health">{t('confirmed.myHealth')}</ButtonLink>
        <Button variant="secondary" onClick={onAgain}>
          {t('confirmed.again')}
        </Button>
      </div>
    </section>
  );
}
