import { useEffect, useRef, useSyncExternalStore } from 'react';
import i18n from '../../i18n/i18n.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { returnFocus } from '../a11y/focus-return.ts';
import styles from './api-error-alert.module.css';
import { Icon } from '../../ui/icon.tsx';
import {
  currentApiNotice,
  dismissApiNotice,
  subscribeApiNotices,
  type ApiNotice,
} from './error-notices.ts';

/**
 * The error catalogue's "server message" is the API's English `message`: English readers get it
 * as sent; every other language gets the text of its error code, or the branch's own text, never
 * English.
 */
function noticeText(t: TFunction, language: string | undefined, notice: ApiNotice) {
  if (notice.code && i18n.exists(`auth:apiErrors.codes.${notice.code}`))
    return t(`apiErrors.codes.${notice.code}`);
  if (notice.detail && (language ?? 'en') === 'en') return notice.detail;
  return t(notice.messageKey);
}

/**
 * Shows the error catalogue's alert for a failed API call (role="alert", announced at once)
 * and performs its navigation. The alert stays on the page it was raised on, or the page it
 * sent the user to, and goes away when the user moves on or dismisses it.
 */
export function ApiErrorAlert() {
  const { t, i18n } = useTranslation('auth');
  const notice = useSyncExternalStore(subscribeApiNotices, currentApiNotice, () => null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const home = useRef<{ id: number; pathname: string } | null>(null);
  const region = useRef<HTMLDivElement>(null);
  // What the reader was on when the alert appeared: Dismiss gives focus back to it.
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    if (!notice || home.current?.id === notice.id) return;
    home.current = { id: notice.id, pathname: notice.navigateTo ?? pathname };
    if (!region.current?.contains(document.activeElement)) opener.current = document.activeElement;
    if (notice.navigateTo && notice.navigateTo !== pathname) {
      void navigate(notice.navigateTo, { replace: true });
    }
  }, [notice, pathname, navigate]);

  useEffect(() => {
    const owner = home.current;
    if (owner && pathname !== owner.pathname) dismissApiNotice(owner.id);
  }, [pathname]);

  // Only the message sits in the live region, so it is announced without the button.
  return (
    <div className={styles.region} ref={region}>
      <div className={notice ? styles.alert : styles.idle}>
        <div className={styles.message} role="alert" aria-atomic="true">
          {notice && (
            <>
              <Icon name="alert" className={styles.icon} />
              <p key={notice.id}>{noticeText(t, i18n.resolvedLanguage, notice)}</p>
            </>
          )}
        </div>
        {notice && (
          <button
            type="button"
            className={styles.dismiss}
            onClick={() => {
              dismissApiNotice(notice.id);
              returnFocus(opener.current);
            }}
            aria-label={t('apiErrors.dismiss')}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>
  );
}
