import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { returnFocus } from '../../lib/a11y/focus-return.ts';
import botUrl from './bot.svg';
import type { VoiceMessage } from './voice-call-reducer.ts';
import type { VoiceClientFactory } from './voice-client-types.ts';
import { useVoiceCall } from './use-voice-call.ts';
import styles from './voice-button.module.css';

// With the API client, which the first press loads anyway: pages without a call never need it.
const VoiceActions = lazy(() => import('./voice-actions.tsx'));

/** Failures are alerts; the two "not available here" answers are plain status messages. */
const STATUS_MESSAGES: ReadonlySet<VoiceMessage> = new Set(['notConfigured', 'signInRequired']);

function MicrophoneIcon({ isMuted }: { isMuted: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
      <path
        d="M6 11a6 6 0 0 0 12 0M12 17v4M9 21h6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      {isMuted && (
        <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * The floating voice-assistant button, fixed at the bottom inline-end
 * corner of every page (bottom-right; bottom-left in Arabic, mirrored like the rest of the
 * layout). Green when inactive, red when active, with a talking indicator and mute toggle.
 */
export function VoiceButton({ createClient }: { createClient?: VoiceClientFactory } = {}) {
  const { t } = useTranslation('voice');
  const call = useVoiceCall({ createClient });
  const isActive = call.status === 'active';
  const isConnecting = call.status === 'starting' || (isActive && !call.isConnected);
  const isStatusMessage = call.message !== null && STATUS_MESSAGES.has(call.message);
  const callButtonRef = useRef<HTMLButtonElement>(null);
  // A call that ends without a failure says so: the polite region would otherwise just go
  // quiet, and a screen reader would hear nothing when the other side hangs up.
  const [seenStatus, setSeenStatus] = useState(call.status);
  const [hasEnded, setHasEnded] = useState(false);
  const [dismissedCallId, setDismissedCallId] = useState<string | null>(null);
  if (call.status !== seenStatus) {
    setSeenStatus(call.status);
    setHasEnded(seenStatus === 'active' && call.status === 'inactive' && call.message === null);
  }

  const messageBox = call.message && (
    <div className={isStatusMessage ? styles.message : `${styles.message} ${styles.alert}`}>
      <p className={styles.messageText}>
        {t(`messages.${call.message}`)}
        {call.message === 'signInRequired' && (
          <>
            {' '}
            <Link to="/login">{t('signIn')}</Link>
          </>
        )}
      </p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('dismiss')}
        title={t('dismiss')}
        onClick={() => {
          call.dismissMessage();
          // The message answered a press of the call button: focus goes back there.
          returnFocus(callButtonRef.current);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );

  return (
    <aside className={styles.dock} aria-label={t('callButton')}>
      <div role="alert" className={styles.region}>
        {!isStatusMessage && messageBox}
      </div>
      <div role="status" className={styles.region}>
        {isStatusMessage && messageBox}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {isConnecting ? t('connecting') : isActive ? t('connected') : hasEnded ? t('ended') : ''}
      </p>
      {call.callId && call.callId !== dismissedCallId && (
        <Suspense fallback={null}>
          <VoiceActions
            callId={call.callId}
            isLive={isActive}
            isAgentTalking={call.isAgentTalking}
            onDismiss={() => {
              setDismissedCallId(call.callId);
              returnFocus(callButtonRef.current);
            }}
          />
        </Suspense>
      )}
      <div className={styles.controls} data-voice-controls>
        {call.isAgentTalking && (
          <span className={styles.talking} data-testid="voice-agent-talking">
            <span className={styles.bars} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t('agentTalking')}
          </span>
        )}
        {isActive && call.isConnected && (
          <button
            type="button"
            className={styles.mute}
            aria-pressed={call.isMuted}
            aria-label={t('mute')}
            title={t('mute')}
            onClick={call.toggleMute}
          >
            <MicrophoneIcon isMuted={call.isMuted} />
          </button>
        )}
        <button
          type="button"
          className={[
            styles.call,
            isActive ? styles.active : styles.inactive,
            call.isAgentTalking && styles.speaking,
          ]
            .filter(Boolean)
            .join(' ')}
          ref={callButtonRef}
          aria-pressed={isActive}
          aria-busy={isConnecting || undefined}
          aria-label={t('callButton')}
          title={t(isActive ? 'activeBot' : 'inactiveBot')}
          onClick={call.toggleCall}
        >
          <img className={styles.bot} src={botUrl} alt="" width="36" height="36" />
        </button>
      </div>
    </aside>
  );
}
