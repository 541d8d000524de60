import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { actionSentence } from './voice-action-text.ts';
import { invalidateAfterVoiceActions, useGetVoiceCallActionsQuery } from './voice-api.ts';
import styles from './voice-actions.module.css';
import buttonStyles from './voice-button.module.css';

/**
 * How often the panel asks what the call did while it is live, besides each time the agent
 * starts to speak (it has usually just run a function). The API's rate limit
 * (`VOICE_ACTIONS_READS_PER_MINUTE`, 60) leaves room for a second tab. Polling rather than a
 * stream: `EventSource` cannot send the bearer token (one in the URL would reach the logs), an
 * open stream holds a connection per tab through every proxy for the whole call, and each poll
 * is one authenticated GET of a few indexed rows.
 */
export const VOICE_ACTIONS_POLL_MS = 3_000;

/**
 * "What the assistant did": the bookings and cancellations of the current (or just ended) call,
 * one short sentence each on the practitioner's clock. Each new one is announced politely and
 * makes every appointment list in the app refetch, so the agenda follows without a reload.
 * Loaded with the API client, after the first call has started.
 */
export default function VoiceActions({
  callId,
  isLive,
  isAgentTalking,
  onDismiss,
}: {
  callId: string;
  isLive: boolean;
  /** The agent starting to speak is when a function has just answered: read at once then. */
  isAgentTalking: boolean;
  /** Closes the list of an ended call (a live call's list stays). */
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation('voice');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const { data, refetch } = useGetVoiceCallActionsQuery(callId, {
    pollingInterval: isLive ? VOICE_ACTIONS_POLL_MS : 0,
    // A practitioner talks to the assistant while looking at another window.
    skipPollingIfUnfocused: false,
  });
  const actions = useMemo(() => data?.actions ?? [], [data]);
  const timeZone = data?.timeZone ?? 'UTC';
  const language = i18n.language;

  // The call just ended: one last read, for what it did in its final seconds.
  const wasLive = useRef(isLive);
  useEffect(() => {
    if (wasLive.current && !isLive) void refetch();
    wasLive.current = isLive;
  }, [isLive, refetch]);

  useEffect(() => {
    if (isLive && isAgentTalking) void refetch();
  }, [isAgentTalking, isLive, refetch]);

  // The list only grows: what is past the count already seen is new.
  const seen = useRef(0);
  useEffect(() => {
    if (actions.length <= seen.current) return;
    const fresh = actions.slice(seen.current);
    seen.current = actions.length;
    dispatch(invalidateAfterVoiceActions());
    announce(fresh.map((action) => actionSentence(t, action, { timeZone, language })).join(' '));
  }, [actions, dispatch, language, t, timeZone]);

  if (!isLive && actions.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-voice-actions>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t('actions.heading')}
        </h2>
        {!isLive && (
          <button
            type="button"
            className={buttonStyles.dismiss}
            aria-label={t('actions.dismiss')}
            title={t('actions.dismiss')}
            onClick={onDismiss}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {actions.length === 0 ? (
        <p className={styles.empty}>{data ? t('actions.none') : t('actions.loading')}</p>
      ) : (
        <ul className={styles.list}>
          {actions.map((action) => (
            <li key={`${action.kind} ${action.appointmentId}`}>
              {actionSentence(t, action, { timeZone, language })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
