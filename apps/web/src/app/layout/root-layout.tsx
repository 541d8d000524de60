import { Outlet } from 'react-router';
import { ApiErrorAlert } from '../../lib/api/api-error-alert.tsx';
import styles from './root-layout.module.css';

/** Header, side menu, page, footer and the voice button: the shared layout of SPEC.md §2. */
export function RootLayout() {
  return (
    <div className={styles.shell}>
      <ApiErrorAlert />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
