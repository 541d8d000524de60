import { lazy, Suspense } from 'react';
import styles from './verify-code.module.css';

const QrCode = lazy(() => import('./qr-code.tsx').then((m) => ({ default: m.QrCode })));

/**
 * A prescription's verification address as a QR code a pharmacist's phone reads, with the
 * address as text under it (to type, or to check what the code holds). The encoder loads in its
 * own chunk when the first code is drawn.
 */
export function VerifyCode({
  url,
  label,
  size = 'normal',
}: {
  url: string;
  /** What the code is, read by a screen reader ('Verification code of Amoxicillin'). */
  label: string;
  /** `small` on a list with several codes. */
  size?: 'normal' | 'small';
}) {
  return (
    <figure className={`${styles.code} ${size === 'small' ? styles.small : ''}`}>
      <Suspense fallback={<span className={styles.placeholder} />}>
        <QrCode text={url} label={label} />
      </Suspense>
      <figcaption className={styles.url}>
        <bdi dir="ltr">{url}</bdi>
      </figcaption>
    </figure>
  );
}
