import { Outlet } from 'react-router';
import { VoiceButton } from '../../features/voice/voice-button.tsx';
import styles from './root-layout.module.css';

/** Header, side menu, page, footer and the voice button: the shared layout of SPEC.md §2. */
export function RootLayout() {
  return (
    <div className={styles.shell}>
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <VoiceButton />
    </div>
  );
}
