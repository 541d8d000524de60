import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import type { TMyAccessEntry } from './api-types.ts';
import { useGetMyAccessLogQuery } from './my-health-api.ts';
import { NAME_SLOT, NamedSentence } from './named-sentence.tsx';
import { RecordSection, useDateTime } from './record-section.tsx';
import { useRecordArgs } from './record-source.tsx';
import styles from './my-health.module.css';

/** How many entries show at first, and how many more each "Show more" adds. */
export const ACCESS_LOG_PAGE = 20;

/** What an entry names as read: the kind of item, or the record as a whole. */
const WHAT = [
  'appointment',
  'visit',
  'allergy',
  'prescription',
  'immunization',
  'carePlan',
] as const;

/** "Who viewed your record": the reads of it by the practitioner, the reader and other linked people. */
export function AccessLogSection({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const query = useGetMyAccessLogQuery(useRecordArgs(patientId).args);
  const [shown, setShown] = useState(ACCESS_LOG_PAGE);
  const { ref: nextRef, request: focusNext } = useFocusAfterRender<HTMLLIElement>();
  const { dateTime } = useDateTime();

  const sentence = (entry: TMyAccessEntry) => {
    const kind = WHAT.find((one) => one === entry.subjectKind) ?? 'record';
    const text = t(entry.action === 'export' ? 'accessLog.downloaded' : 'accessLog.viewed', {
      name: NAME_SLOT,
      role: t(`accessLog.role.${entry.actor}`),
      what: t(`accessLog.what.${kind}`),
      when: dateTime(entry.at),
    });
    return <NamedSentence text={text} name={entry.actorName} />;
  };

  return (
    <RecordSection name="accessLog" query={query}>
      {(entries) => (
        <>
          <ul className={styles.list}>
            {entries.slice(0, shown).map((entry, index) => (
              <li
                key={`${entry.at}-${index}`}
                ref={index === shown - ACCESS_LOG_PAGE ? nextRef : undefined}
                tabIndex={index === shown - ACCESS_LOG_PAGE && index > 0 ? -1 : undefined}
                className={styles.item}
              >
                <p>{sentence(entry)}</p>
              </li>
            ))}
          </ul>
          {entries.length > shown && (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  setShown(shown + ACCESS_LOG_PAGE);
                  focusNext();
                }}
              >
                {t('accessLog.showMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </RecordSection>
  );
}
