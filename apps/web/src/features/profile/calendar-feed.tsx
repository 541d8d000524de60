import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TUser } from '@portal/shared/user';
import { announce } from '../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { useCreateCalendarFeedMutation, useDeleteCalendarFeedMutation } from './profile-api.ts';
import styles from './schedule.module.css';

/**
 * The private iCalendar subscription for Google Calendar, Outlook or Apple Calendar.
 * The API keeps only a hash of its secret, so the address is shown once, right after it is
 * made, with Copy as its first action; later the practitioner can make a new one, after saying
 * yes to the old one no longer working in the calendars that subscribed with it, or turn it off.
 */
export function CalendarFeed({ user }: { user: TUser }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirmingRenew, setConfirmingRenew] = useState(false);
  const [create, creating] = useCreateCalendarFeedMutation();
  const [remove, removing] = useDeleteCalendarFeedMutation();
  const isBusy = creating.isLoading || removing.isLoading;
  const isOn = url !== null || user.hasCalendarFeed;
  // The new address is what the reader came for: it takes focus (and is selected, for copying).
  const { ref: urlRef, request: focusUrl } = useFocusAfterRender<HTMLInputElement>();
  const { ref: confirmRef, request: focusConfirm } = useFocusAfterRender<HTMLButtonElement>();
  const { ref: renewRef, request: focusRenew } = useFocusAfterRender<HTMLButtonElement>();

  async function turnOn() {
    if (isBusy) return;
    setFailure(null);
    setConfirmingRenew(false);
    try {
      const feed = await create().unwrap();
      setUrl(feed.url);
      announce(t('feed.created'));
      focusUrl();
    } catch {
      setFailure(t('feed.failed'));
    }
  }

  async function turnOff() {
    if (isBusy) return;
    setFailure(null);
    setConfirmingRenew(false);
    try {
      await remove().unwrap();
      setUrl(null);
      announce(t('feed.removed'));
    } catch {
      setFailure(t('feed.failed'));
    }
  }

  return (
    <section className={styles.feed} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('feed.title')}</h2>
      <p className={styles.hint}>{t('feed.intro')}</p>
      <p role="status">{isOn ? t('feed.on') : t('feed.off')}</p>
      {url && (
        <>
          <FormField id={`${id}-url`} label={t('feed.url')} hint={t('feed.urlHint')}>
            {(props) => (
              <input
                ref={urlRef}
                onFocus={(event) => event.currentTarget.select()}
                className={styles.url}
                type="url"
                readOnly
                value={url}
                {...props}
              />
            )}
          </FormField>
          <div className={styles.actions}>
            <CopyButton
              text={url}
              field={urlRef}
              texts={{
                copy: t('feed.copy'),
                copied: t('feed.copied'),
                copyByHand: t('feed.copyByHand'),
              }}
            />
          </div>
        </>
      )}
      {isOn && !url && <p className={styles.hint}>{t('feed.hidden')}</p>}
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {isConfirmingRenew ? (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-renew`}>
          <p id={`${id}-renew`}>{t('feed.renewQuestion')}</p>
          <div className={styles.actions}>
            <Button
              ref={confirmRef}
              variant="danger"
              aria-disabled={isBusy || undefined}
              onClick={() => void turnOn()}
            >
              {t('feed.renewConfirm')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirmingRenew(false);
                focusRenew();
              }}
            >
              {t('feed.renewKeep')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          {isOn ? (
            <Button
              ref={renewRef}
              variant="secondary"
              aria-disabled={isBusy || undefined}
              onClick={() => {
                setConfirmingRenew(true);
                focusConfirm();
              }}
            >
              {t('feed.renew')}
            </Button>
          ) : (
            <Button aria-disabled={isBusy || undefined} onClick={() => void turnOn()}>
              {t('feed.turnOn')}
            </Button>
          )}
          {isOn && (
            <Button
              variant="danger"
              aria-disabled={isBusy || undefined}
              onClick={() => void turnOff()}
            >
              {t('feed.turnOff')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
