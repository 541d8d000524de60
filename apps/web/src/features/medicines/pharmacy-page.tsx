import { useEffect, useId, useState } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import column from '../../ui/page-column.module.css';
import pageStyles from '../../ui/page.module.css';
import {
  useGetMyPharmaciesQuery,
  useGetPharmacyPrescriptionsQuery,
  useMarkPharmacyPrescriptionMutation,
} from './medicines-api.ts';
import {
  PHARMACY_STATUSES,
  type TMyPharmacy,
  type TPharmacyPrescription,
  type TPharmacyStatus,
} from './medicines-types.ts';
import { refusalKeyOf } from './refusal-key.ts';
import { useOutcome } from './use-outcome.tsx';
import styles from './medicines.module.css';

/**
 * `/pharmacy`, for the staff of an approved pharmacy: the prescriptions patients sent to it
 * (choosing the pharmacy when they work at several, and which state to show), each with what to
 * hand over and to whom, and Mark ready for pickup (the patient is told) then Mark dispensed.
 */
export function PharmacyPage() {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const pharmacies = useGetMyPharmaciesQuery({ viewer });
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const list = pharmacies.currentData;
  let body;
  if (pharmacies.isError && !pharmacies.isFetching)
    body = (
      <div className={alert.dangerWithAction} role="alert">
        <p>{t('pharmacy.failed')}</p>
        <Button variant="secondary" onClick={() => void pharmacies.refetch()}>
          {t('verify.retry')}
        </Button>
      </div>
    );
  else if (!list) body = <p role="status">{t('pharmacy.loading')}</p>;
  else if (list.length === 0) body = <p className={styles.muted}>{t('pharmacy.notStaff')}</p>;
  else {
    const pharmacy = list.find((one) => one._id === chosen) ?? list[0]!;
    body = (
      <>
        {list.length > 1 && (
          <div className={styles.field}>
            <label htmlFor={selectId}>{t('pharmacy.choose')}</label>
            <select
              id={selectId}
              value={pharmacy._id}
              onChange={(event) => setChosen(event.target.value)}
            >
              {list.map((one) => (
                <option key={one._id} value={one._id}>
                  {one.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <Incoming key={pharmacy._id} pharmacy={pharmacy} />
      </>
    );
  }
  return (
    <div className={column.column}>
      <div className={`${pageStyles.card} ${styles.page}`}>
        <h1 tabIndex={-1}>{t('pharmacy.title')}</h1>
        <p>{t('pharmacy.intro')}</p>
        {body}
      </div>
    </div>
  );
}

/** One pharmacy's prescriptions, in the state chosen; the count is announced as it changes. */
function Incoming({ pharmacy }: { pharmacy: TMyPharmacy }) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [status, setStatus] = useState<TPharmacyStatus | ''>('');
  const query = useGetPharmacyPrescriptionsQuery({
    viewer,
    facilityId: pharmacy._id,
    ...(status && { status }),
  });
  const outcome = useOutcome();
  const filterId = useId();
  const countId = useId();
  const items = query.currentData;
  const count = items && t('pharmacy.count', { count: items.length });
  useEffect(() => {
    if (count) announce(count);
  }, [count]);
  return (
    <section className={styles.page} aria-labelledby={`${countId}-name`}>
      <h2 id={`${countId}-name`}>
        <bdi>{pharmacy.name}</bdi>
      </h2>
      <div className={styles.field}>
        <label htmlFor={filterId}>{t('pharmacy.filter')}</label>
        <select
          id={filterId}
          value={status}
          onChange={(event) => setStatus(event.target.value as TPharmacyStatus | '')}
        >
          <option value="">{t('pharmacy.all')}</option>
          {PHARMACY_STATUSES.map((one) => (
            <option key={one} value={one}>
              {t(`buy.steps.${one}`)}
            </option>
          ))}
        </select>
      </div>
      {outcome.view}
      {query.isError && !query.isFetching ? (
        <p role="alert">{t('pharmacy.failed')}</p>
      ) : !items ? (
        <p role="status">{t('pharmacy.loading')}</p>
      ) : (
        <>
          <p id={countId} className={styles.muted}>
            {items.length === 0 ? t('pharmacy.none') : count}
          </p>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item._id}>
                <IncomingItem item={item} onDone={outcome.succeeded} onFailed={outcome.failed} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function IncomingItem({
  item,
  onDone,
  onFailed,
}: {
  item: TPharmacyPrescription;
  onDone: (text: string) => void;
  onFailed: (text: string) => void;
}) {
  const { t, i18n } = useTranslation('medicines');
  const language = i18n.language;
  const day = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const [mark, state] = useMarkPharmacyPrescriptionMutation();
  const id = useId();

  async function act(step: 'ready' | 'dispensed') {
    try {
      await mark({ id: item._id, step }).unwrap();
      onDone(t(step === 'ready' ? 'pharmacy.ready' : 'pharmacy.dispensed'));
    } catch (error) {
      onFailed(t(refusalKeyOf(apiErrorOf(error)?.code)));
    }
  }

  return (
    <article className={styles.item} aria-labelledby={id}>
      <h3 id={id}>
        <bdi>{[item.medication, item.strength].filter(Boolean).join(' ')}</bdi>
      </h3>
      <p>
        <bdi>{[item.dose, item.frequency, item.duration].filter(Boolean).join(', ')}</bdi>
      </p>
      {item.instructions && (
        <p className={styles.muted}>
          <bdi>{item.instructions}</bdi>
        </p>
      )}
      <p>
        {t('pharmacy.forPatient')}{' '}
        <strong>
          <bdi>{item.patient.name}</bdi>
        </strong>
        {item.patient.age !== null &&
          ` · ${t('verify.age', { count: item.patient.age, age: formatNumber(item.patient.age, language) })}`}
      </p>
      <p className={styles.muted}>
        <bdi>{item.prescriber.name}</bdi>
        {item.prescriber.practiceName && (
          <>
            {' · '}
            <bdi>{item.prescriber.practiceName}</bdi>
          </>
        )}{' '}
        · {t('pharmacy.sentOn', { date: day.format(Date.parse(item.sentAt)) })}
      </p>
      <ol className={styles.steps} aria-label={t('buy.steps.label')}>
        {PHARMACY_STATUSES.map((step) => (
          <li
            key={step}
            aria-current={step === item.pharmacyStatus ? 'step' : undefined}
            className={
              PHARMACY_STATUSES.indexOf(step) <= PHARMACY_STATUSES.indexOf(item.pharmacyStatus)
                ? styles.reached
                : undefined
            }
          >
            {t(`buy.steps.${step}`)}
          </li>
        ))}
      </ol>
      {item.pharmacyStatus !== 'dispensed' && (
        <div className={styles.actions}>
          {item.pharmacyStatus === 'sent' && (
            <Button disabled={state.isLoading} onClick={() => void act('ready')}>
              {t('pharmacy.markReady')}
            </Button>
          )}
          <Button
            variant={item.pharmacyStatus === 'ready' ? 'primary' : 'secondary'}
            disabled={state.isLoading}
            onClick={() => void act('dispensed')}
          >
            {t('pharmacy.markDispensed')}
          </Button>
        </div>
      )}
    </article>
  );
}
