import { useId, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TCarePlan } from '@portal/shared/care-plan';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../ui/button.tsx';
import { PatientSection } from '../../ui/patient-section.tsx';
import { QueryListState } from '../../ui/section-list-state.tsx';
import { CarePlanForm } from './care-plan-form.tsx';
import {
  isPremiumRequired,
  useListCarePlansQuery,
  useListOccurrencesQuery,
} from './care-plans-api.ts';
import { formatDay } from '../../i18n/format.ts';
import { OccurrenceList } from './occurrence-list.tsx';
import { occurrenceWindow, planOccurrences, todayIn } from './occurrence-window.ts';
import { PremiumExplainer } from './premium-explainer.tsx';
import { recurrenceSummary } from './recurrence.ts';
import styles from './care-plans.module.css';

/** A list's load-failed and loading texts, the same for the plans and a plan's occurrences. */
function listTexts(t: TFunction, empty: string) {
  return { loadFailed: t('section.loadFailed'), loading: t('loading'), empty };
}

/** In a patient's details (composed by app/): the care plans, for members; what premium adds, for others. */
export function PatientCarePlans({
  patient,
  anchorOf,
}: {
  patient: TPatient;
  /** The element id each plan gets, so others (the timeline, by app/) can link to it. */
  anchorOf?: (carePlanId: string) => string;
}) {
  const { t } = useTranslation('carePlans');
  const id = useId();
  const user = useAppSelector((state) => state.auth.userData);
  const isMember = user?.premiumMember === true;
  return (
    <PatientSection titleId={`${id}-title`} title={t('section.title')} className={styles.section}>
      {isMember ? (
        <CarePlans
          patient={patient}
          viewer={user?._id}
          timeZone={user?.timeZone ?? 'UTC'}
          anchorOf={anchorOf}
        />
      ) : (
        <PremiumExplainer headingLevel={5} />
      )}
    </PatientSection>
  );
}

function CarePlans({
  patient,
  viewer,
  timeZone,
  anchorOf,
}: {
  patient: TPatient;
  viewer?: string;
  timeZone: string;
  anchorOf?: (carePlanId: string) => string;
}) {
  const { t } = useTranslation('carePlans');
  const query = useListCarePlansQuery({ viewer, patientId: patient._id });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const done = (saved?: TCarePlan) => {
    setEditing(null);
    if (saved) setAnnouncement(t('section.saved', { title: saved.title }));
  };

  if (query.isError && isPremiumRequired(query.error)) return <PremiumExplainer headingLevel={5} />;
  return (
    <>
      <p role="status" className={styles.status}>
        {announcement}
      </p>
      <QueryListState query={query} texts={listTexts(t, t('section.none'))} styles={styles}>
        {(plans) => (
          <ul className={styles.plans}>
            {plans.map((plan) => (
              <li key={plan._id} className={styles.plan}>
                {editing === plan._id ? (
                  <CarePlanForm patientId={patient._id} plan={plan} onDone={done} />
                ) : (
                  <PlanView
                    plan={plan}
                    today={todayIn(timeZone)}
                    anchor={anchorOf?.(plan._id)}
                    onEdit={() => setEditing(plan._id)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryListState>
      {editing === 'new' ? (
        <CarePlanForm patientId={patient._id} onDone={done} />
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => setEditing('new')}>{t('section.add')}</Button>
        </div>
      )}
    </>
  );
}

/**
 * One plan: its goals, its activities each with its next day, what is due or overdue (with Done
 * and Skip) and its newest marks (with Undo). Days to come are never listed one by one.
 */
function PlanView({
  plan,
  today,
  anchor,
  onEdit,
}: {
  plan: TCarePlan;
  today: string;
  anchor?: string;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation('carePlans');
  const id = useId();
  const window = occurrenceWindow(today);
  const occurrences = useListOccurrencesQuery({
    patientId: plan.patientId,
    carePlanId: plan._id,
    ...window,
  });
  const shown =
    occurrences.currentData &&
    planOccurrences({ plan, occurrences: occurrences.currentData, to: window.to });
  return (
    // Focusable by script only: a link to the plan (`#anchor`) takes focus here.
    <article
      id={anchor}
      tabIndex={anchor ? -1 : undefined}
      className={styles.planBody}
      aria-labelledby={`${id}-plan`}
    >
      <h6 id={`${id}-plan`} className={styles.planTitle}>
        {plan.title} <span className={styles.muted}>({t(`status.${plan.status}`)})</span>
      </h6>
      {plan.goals.length > 0 && (
        <>
          <p className={styles.label}>{t('form.goals')}</p>
          <ul className={styles.compact}>
            {plan.goals.map((goal) => (
              <li key={goal.id}>
                {goal.text}
                {goal.targetDate &&
                  ` · ${t('section.target', { date: formatDay(goal.targetDate, i18n.language) })}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {plan.activities.length > 0 && (
        <>
          <p className={styles.label}>{t('form.activities')}</p>
          <ul className={styles.compact}>
            {plan.activities.map((activity) => {
              const next = shown?.nextOn.get(activity.id);
              return (
                <li key={activity.id}>
                  <span className={styles.name}>{activity.title}</span> ·{' '}
                  {t('section.from', { date: formatDay(activity.start, i18n.language) })} ·{' '}
                  {recurrenceSummary(t, activity.rrule)}
                  {next && (
                    <>
                      {' · '}
                      <span>{t('section.next', { date: formatDay(next, i18n.language) })}</span>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p id={`${id}-occurrences`} tabIndex={-1} className={styles.label}>
        {t('section.occurrences')}
      </p>
      {occurrences.isError && !occurrences.isFetching ? (
        <p className={styles.error}>{t('section.loadFailed')}</p>
      ) : !shown ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : (
        <OccurrenceList
          occurrences={shown.due}
          patientIdOf={() => plan.patientId}
          labelledBy={`${id}-occurrences`}
          empty={t('section.noOccurrences')}
        />
      )}
      {shown && shown.recentMarks.length > 0 && (
        <>
          <p id={`${id}-marks`} tabIndex={-1} className={styles.label}>
            {t('section.recentMarks')}
          </p>
          <OccurrenceList
            occurrences={shown.recentMarks}
            patientIdOf={() => plan.patientId}
            labelledBy={`${id}-marks`}
            focusWhenEmpty={`${id}-occurrences`}
          />
        </>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onEdit}>
          {t('section.edit', { title: plan.title })}
        </Button>
      </div>
    </article>
  );
}
