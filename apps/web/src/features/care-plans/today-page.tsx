import { useTranslation } from '../../i18n/use-translation.ts';
import type { TTodayItem } from '@portal/shared/care-plan';
import { useAppSelector } from '../../app/hooks.ts';
import pageStyles from '../../ui/page.module.css';
import { isPremiumRequired, useGetTodayQuery } from './care-plans-api.ts';
import { formatDay } from '../../i18n/format.ts';
import { OccurrenceList } from './occurrence-list.tsx';
import { PremiumExplainer } from './premium-explainer.tsx';
import styles from './care-plans.module.css';

/** `/today`: the due and overdue care-plan activities across my patients (members only). */
export function TodayPage() {
  const { t } = useTranslation('carePlans');
  const user = useAppSelector((state) => state.auth.userData);
  const isMember = user?.premiumMember === true;
  return (
    <div className={pageStyles.card}>
      <h1 id="today-title" tabIndex={-1}>
        {t('today.title')}
      </h1>
      {isMember ? <TodayList viewer={user?._id} /> : <PremiumExplainer headingLevel={2} />}
    </div>
  );
}

function TodayList({ viewer }: { viewer?: string }) {
  const { t, i18n } = useTranslation('carePlans');
  const query = useGetTodayQuery({ viewer });
  if (query.isError && isPremiumRequired(query.error)) return <PremiumExplainer headingLevel={2} />;
  if (query.isError && !query.isFetching)
    return <p className={styles.error}>{t('today.loadFailed')}</p>;
  if (!query.currentData) return <p className={styles.muted}>{t('loading')}</p>;
  const { date, items, isTruncated } = query.currentData;
  return (
    <>
      <p className={styles.muted}>{t('today.intro', { date: formatDay(date, i18n.language) })}</p>
      <OccurrenceList
        occurrences={items}
        patientIdOf={(item) => (item as TTodayItem).patientId}
        labelledBy="today-title"
        empty={t('today.none')}
        describe={(item) =>
          `${(item as TTodayItem).patientName} · ${(item as TTodayItem).carePlanTitle}`
        }
      />
      {isTruncated && <p className={styles.muted}>{t('today.truncated')}</p>}
    </>
  );
}
