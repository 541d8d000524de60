import { useTranslation } from '../../i18n/use-translation.ts';

import { Button } from '../../ui/button.tsx';

import { useGetMyCarePlansQuery, useMarkMyOccurrenceMutation } from './my-health-api.ts';
import { useActionResult } from './action-result.tsx';
import { useRecordArgs } from './record-source.tsx';
import { refusalOf } from './refusal.ts';
import { RecordSection } from './record-section.tsx';
import styles from './my-health.module.css';

export function CarePlans({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const { args, isReadOnly } = useRecordArgs(patientId);
  const query = useGetMyCarePlansQuery(args);
  const [mark, marking] = useMarkMyOccurrenceMutation();
  const result = useActionResult();
  const today = query.currentData?.flatMap((plan) =>
    plan.activities.flatMap((activity) =>
      activity.todayOccurrence ? [{ plan, activity, occurrence: activity.todayOccurrence }] : [],
    ),
  );

  async function markOne(entry: NonNullable<typeof today>[number], status: 'done' | 'skipped') {
    if (marking.isLoading) return;
    try {
      await mark({
        patientId,
        carePlanId: entry.plan._id,
        activityId: entry.activity._id,
        day: entry.occurrence.date,
        status,
      }).unwrap();
      const text = t(`carePlans.marked.${status}`, { activity: entry.activity.title });
      result.succeeded(text);
    } catch (error) {
      result.failed(t(`refusals.${refusalOf(error).code}`, { phone: '' }));
    }
  }

  return (
    <RecordSection name="carePlans" query={{ ...query, currentData: today }}>
      {(entries) => (
        <>
          {result.view}
          <ul className={styles.list}>
            {entries.map((entry) => (
              <li key={`${entry.plan._id}/${entry.activity._id}`} className={styles.item}>
                <p>
                  <strong>
                    <bdi>{entry.activity.title}</bdi>
                  </strong>{' '}
                  <span className={styles.hint}>
                    (<bdi>{entry.plan.title}</bdi>)
                  </span>
                </p>
                {entry.occurrence.state === 'due' && !isReadOnly ? (
                  <div className={styles.actions}>
                    {(['done', 'skipped'] as const).map((status) => (
                      <Button
                        key={status}
                        variant={status === 'done' ? 'primary' : 'secondary'}
                        aria-disabled={marking.isLoading || undefined}
                        aria-label={t(`carePlans.${status}Label`, {
                          activity: entry.activity.title,
                        })}
                        onClick={() => void markOne(entry, status)}
                      >
                        {t(`carePlans.${status}`)}
                      </Button>
                    ))}
                  </div>
                ) : (
                  <p className={styles.hint}>{t(`carePlans.state.${entry.occurrence.state}`)}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </RecordSection>
  );
}
