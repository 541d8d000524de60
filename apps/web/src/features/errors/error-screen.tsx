import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { markPageHydrated } from '../../lib/hydration/page-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import styles from './error-screen.module.css';

export function describeError(error: unknown): { message: string; details: string } {
  if (error instanceof Error)
    return { message: error.message, details: error.stack ?? error.message };
  return { message: String(error), details: String(error) };
}

/** The global screen for uncaught rendering errors. */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { message, details } = describeError(error);
  // The page failed, so it never says it is live: this screen in its place does (the language
  // selector waits for it).
  useEffect(markPageHydrated, []);
  return (
    <section role="alert" className={`${pageStyles.card} ${styles.screen}`}>
      <h1>{t('errors.crash.title')}</h1>
      <p className={styles.message}>{message}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.crash.reload')}</Button>
      <details className={styles.details}>
        <summary>{t('errors.crash.details')}</summary>
        <pre>{details}</pre>
      </details>
    </section>
  );
}

/** The same screen on its own, for an error outside the page area (the layout itself). */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <div className={styles.frame}>
      <ErrorView error={error} />
    </div>
  );
}
