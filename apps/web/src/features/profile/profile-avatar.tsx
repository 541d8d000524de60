import { useState } from 'react';
import styles from './profile.module.css';

/** A neutral silhouette, drawn when there is no picture or it cannot be loaded. */
function NeutralAvatar() {
  return (
    <svg
      className={styles.avatar}
      viewBox="0 0 96 96"
      aria-hidden="true"
      focusable="false"
      data-testid="neutral-avatar"
    >
      <circle cx="48" cy="48" r="48" fill="var(--color-brand-soft)" />
      <circle cx="48" cy="38" r="17" fill="var(--color-brand)" opacity="0.55" />
      <path
        d="M16 82c5-17 18-25 32-25s27 8 32 25a48 48 0 0 1-64 0z"
        fill="var(--color-brand)"
        opacity="0.55"
      />
    </svg>
  );
}

export function ProfileAvatar({ picture, alt }: { picture: string | null; alt: string }) {
  // Remember which address failed, so a newly saved picture gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  if (!picture || failed === picture) return <NeutralAvatar />;
  return (
    <img
      className={styles.avatar}
      src={picture}
      alt={alt}
      width={96}
      height={96}
      referrerPolicy="no-referrer"
      onError={() => setFailed(picture)}
    />
  );
}
