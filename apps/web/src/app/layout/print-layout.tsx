import { useRef } from 'react';
import { ApiErrorAlert } from '../../lib/api/api-error-alert.tsx';
import { LiveAnnouncer } from './page-arrival.tsx';
import { PageOutlet } from './page-outlet.tsx';
import styles from './print-layout.module.css';

/**
 * The layout of a page made to be printed (a prescription): the page alone, without the header,
 * side menu, footer and voice button of the root layout, so nothing of the site reaches the paper.
 * It keeps what the reader needs on screen: the page title and arrival, the API's alerts.
 */
export function PrintLayout() {
  const mainRef = useRef<HTMLElement>(null);
  return (
    <>
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        <PageOutlet mainRef={mainRef} />
      </main>
      <ApiErrorAlert />
      <LiveAnnouncer />
    </>
  );
}
