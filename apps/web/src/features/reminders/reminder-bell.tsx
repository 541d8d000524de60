import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { TReminder } from '@portal/shared/reminder';
import { useAppSelector } from '../../app/hooks.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { returnFocus } from '../../lib/a11y/focus-return.ts';
import { usePublicConfig } from '../../lib/config/public-config.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import {
  useListRemindersQuery,
  useMarkAllRemindersReadMutation,
  useMarkReminderReadMutation,
} from './reminders-api.ts';
import { HeaderButtonPlaceholder } from '../../ui/header-button-placeholder.tsx';
import styles from './reminder-bell.module.css';
import { dateTimeFormat, numberFormat } from '../../i18n/intl-formats.ts';

/**
 * How often an open page asks for new reminders until the configuration has arrived; then as
 * often as the server's job makes them (`remindersSweepSeconds`), never more than one sweep behind.
 */
const DEFAULT_POLL_SECONDS = 60;

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A name or date inside a sentence of another direction keeps its own order (Unicode FSI…PDI). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * Where a reminder leads: its patient's chart, at their appointments or at the care plan holding
 * the activity (the care plans' section when the activity has since left its plan).
 */
function linkOf(reminder: TReminder): string {
  if (reminder.source === 'appointment')
    return chartPath(reminder.patientId, { section: 'appointments' });
  if (reminder.carePlanId === null) return chartPath(reminder.patientId, { section: 'care-plans' });
  return chartPath(reminder.patientId, { anchor: `care-plan-${reminder.carePlanId}` });
}

/**
 * The header's reminder bell, for a signed-in practitioner: the unread count on the
 * button, read out by the layout's live region when reminders arrive, and a panel listing the
 * newest reminders to open or mark read. Members-only on the API: a 402 shows what premium adds.
 */
export default function ReminderBell() {
  const { t, i18n, ready } = useTranslation('reminders');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  // Reminders are a member's: a non-member's bell asks nothing (a 402 on every page load would be
  // an error in the console for nothing) and explains premium when opened.
  const isMember = useAppSelector((state) => state.auth.userData?.premiumMember === true);
  const pollSeconds = usePublicConfig()?.remindersSweepSeconds ?? DEFAULT_POLL_SECONDS;
  const { data, error } = useListRemindersQuery(viewer, {
    pollingInterval: pollSeconds * 1000,
    skipPollingIfUnfocused: true,
    skip: !isMember,
  });
  const [markRead] = useMarkReminderReadMutation();
  const [markAllRead] = useMarkAllRemindersReadMutation();
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = data?.unreadCount ?? 0;
  const isMembersOnly =
    !isMember || (error !== undefined && 'status' in error && error.status === 402);

  // New reminders are read out once, politely: at the first answer, then whenever more come.
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!data || !ready) return;
    const before = announced.current;
    announced.current = data.unreadCount;
    if (data.unreadCount > 0 && (before === null || data.unreadCount > before))
      announce(t('announce', { count: data.unreadCount }));
  }, [data, ready, t]);

  // Escape closes the panel from anywhere (focus may be on the page behind it).
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      returnFocus(buttonRef.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  if (!ready) return <HeaderButtonPlaceholder />;

  // A button that did its job disappears: focus moves on to what is next to it, not the page.
  const readOne = async (reminder: TReminder) => {
    await markRead(reminder._id);
    document.getElementById(`${panelId}-${reminder._id}-open`)?.focus();
  };
  const readAll = async () => {
    await markAllRead();
    buttonRef.current?.focus();
  };
  // An activity is due on a day, not at a time: its reminder's instant is that day's start.
  const when = (reminder: TReminder) =>
    dateTimeFormat(i18n.language, {
      timeZone: reminder.timeZone,
      dateStyle: 'medium',
      ...(reminder.source === 'appointment' && { timeStyle: 'short' }),
    }).format(new Date(reminder.eventAt));
  const textOf = (reminder: TReminder) => {
    const values = { name: isolated(reminder.patientName), when: isolated(when(reminder)) };
    if (reminder.source === 'appointment') return t('appointment', values);
    if (reminder.activityTitle === null) return t('activity', values);
    return t('namedActivity', { ...values, activity: isolated(reminder.activityTitle) });
  };

  return (
    <div className={styles.bell}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        aria-label={t('bell', { count: unread })}
        onClick={() => setOpen((open) => !open)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className={styles.count} aria-hidden="true">
            {numberFormat(i18n.language).format(Math.min(unread, 99))}
            {unread > 99 && '+'}
          </span>
        )}
      </button>
      {isOpen && (
        <section id={panelId} className={styles.panel} aria-labelledby={`${panelId}-title`}>
          <div className={styles.panelHead}>
            <h2 id={`${panelId}-title`} className={styles.title}>
              {t('title')}
            </h2>
            {unread > 0 && (
              <button type="button" className={styles.textButton} onClick={() => void readAll()}>
                {t('markAllRead')}
              </button>
            )}
          </div>
          {isMembersOnly ? (
            <p className={styles.note}>
              {t('membersOnly')}{' '}
              <Link to="/premier" onClick={() => setOpen(false)}>
                {t('premier')}
              </Link>
            </p>
          ) : error ? (
            <p className={styles.note} role="alert">
              {t('failed')}
            </p>
          ) : !data ? (
            <p className={styles.note}>{t('loading')}</p>
          ) : data.reminders.length === 0 ? (
            <p className={styles.note}>{t('empty')}</p>
          ) : (
            <ul className={styles.list}>
              {data.reminders.map((reminder) => {
                const textId = `${panelId}-${reminder._id}`;
                const isUnread = reminder.readAt === null;
                return (
                  <li key={reminder._id} className={isUnread ? styles.unread : styles.item}>
                    <p id={textId} className={styles.text}>
                      {isUnread && <span className={styles.new}>{t('new')} </span>}
                      {textOf(reminder)}
                    </p>
                    <div className={styles.actions}>
                      <Link
                        id={`${textId}-open`}
                        to={linkOf(reminder)}
                        aria-describedby={textId}
                        onClick={() => setOpen(false)}
                      >
                        {t('open')}
                      </Link>
                      {isUnread && (
                        <button
                          type="button"
                          className={styles.textButton}
                          aria-describedby={textId}
                          onClick={() => void readOne(reminder)}
                        >
                          {t('markRead')}
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
