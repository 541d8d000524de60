import { lazy, Suspense, useId } from 'react';
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
  caption,
  size = 'normal',
}: {
  url: string;
  /** What the code is, read by a screen reader ('Verification code of Amoxicillin'). */
  label: string;
  /** Shown above the address (the medication, where several codes stand together). */
  caption?: string;
  /** `small` on a list with several codes. */
  size?: 'normal' | 'small';
}) {
  return (
    <figure className={`${styles.code} ${size === 'small' ? styles.small : ''}`}>
      <Suspense fallback={<span className={styles.placeholder} />}>
        <QrCode text={url} label={label} />
      </Suspense>
      <figcaption className={styles.caption}>
        {caption && (
          <strong>
            <bdi>{caption}</bdi>
          </strong>
        )}
        <bdi dir="ltr" className={styles.url}>
          {url}
        </bdi>
      </figcaption>
    </figure>
  );
}

/**
 * The verification codes of several prescriptions under one heading (a printed sheet): each
 * with its medication, so the pharmacist scans the right one. Prescriptions without an address
 * are left out; with none, nothing is shown.
 */
export function VerifyCodes({
  items,
  title,
  hint,
  labelOf,
  headingClassName,
}: {
  items: readonly { _id: string; medication: string; verifyUrl: string | null }[];
  title: string;
  hint: string;
  labelOf: (medication: string) => string;
  headingClassName?: string;
}) {
  const id = useId();
  const shown = items.filter((item) => item.verifyUrl);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.codes}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      <p className={styles.hint}>{hint}</p>
      <ul className={styles.grid}>
        {shown.map((item) => (
          <li key={item._id}>
            <VerifyCode
              url={item.verifyUrl!}
              label={labelOf(item.medication)}
              caption={item.medication}
              size="small"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
