import { useId, useRef, useState } from 'react';
import { formatDay } from '../../i18n/format.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { VerifyCode } from '../../ui/verify-code.tsx';
import { useGetPharmacyQuery } from './medicines-api.ts';
import type { TMyMedicine, TPharmacyStatus, TRefillRequest } from './medicines-types.ts';
import { PHARMACY_STATUSES } from './medicines-types.ts';
import { RefillForm } from './refill-form.tsx';
import { SendToPharmacy, type PharmacyPickerSlot } from './send-to-pharmacy.tsx';
import { useOutcome } from './use-outcome.tsx';
import styles from './medicines.module.css';

/** Where a prescription sent to a pharmacy stands, from its answer's times. */
export function pharmacyStatusOf(medicine: TMyMedicine): TPharmacyStatus | null {
  if (!medicine.pharmacyId) return null;
  if (medicine.dispensedAt) return 'dispensed';
  if (medicine.readyAt) return 'ready';
  return 'sent';
}

/**
 * One active or completed prescription: what it is and how it is taken, its verification code,
 * where it was sent and how far it has got, its refill requests with the practice's answers, and
 * its actions, each opening in place: 'Ask for a refill', and for an active one 'Send to a
 * pharmacy'. Their outcome is said at the card's top, where focus goes.
 */
export function MedicineCard({
  patientId,
  practitioner,
  medicine,
  refills,
  pharmacyPicker,
}: {
  patientId: string;
  practitioner: string;
  medicine: TMyMedicine;
  refills: readonly TRefillRequest[];
  pharmacyPicker: PharmacyPickerSlot;
}) {
  const { t, i18n } = useTranslation('medicines');
  const language = i18n.language;
  const id = useId();
  const [open, setOpen] = useState<'send' | 'refill' | null>(null);
  const outcome = useOutcome();
  const sendButton = useRef<HTMLButtonElement>(null);
  const refillButton = useRef<HTMLButtonElement>(null);
  const status = pharmacyStatusOf(medicine);
  const isCompleted = medicine.status === 'completed';
  const hasOpenRefill = refills.some((request) => request.status === 'open');
  const day = dateTimeFormat(language, { dateStyle: 'medium' });
  const close = (button: HTMLButtonElement | null) => {
    setOpen(null);
    button?.focus();
  };

  return (
    <article className={styles.item} aria-labelledby={id}>
      <div className={styles.itemHead}>
        <div className={styles.page}>
          <h3 id={id}>
            <bdi>{[medicine.medication, medicine.strength].filter(Boolean).join(' ')}</bdi>
          </h3>
          <p>
            <bdi>
              {[medicine.dose, medicine.frequency, medicine.duration].filter(Boolean).join(', ')}
            </bdi>
            {medicine.endDate && ` · ${formatDay(medicine.endDate, language)}`}
          </p>
          <p className={styles.muted}>
            {t('buy.from', { practitioner })} ·{' '}
            {t('buy.prescribedOn', { date: day.format(Date.parse(medicine.createdAt)) })}
          </p>
        </div>
        {medicine.verifyUrl && (
          <details className={styles.codeDetails}>
            <summary>{t('buy.showCode')}</summary>
            <VerifyCode
              url={medicine.verifyUrl}
              label={t('code.label', { medication: medicine.medication })}
              size="small"
            />
            <p className={styles.muted}>{t('code.hint')}</p>
          </details>
        )}
      </div>
      {isCompleted && <p className={styles.muted}>{t('buy.completed')}</p>}
      {medicine.pharmacyId && status && (
        <PharmacyProgress pharmacyId={medicine.pharmacyId} status={status} />
      )}
      {refills.length > 0 && <RefillAnswers refills={refills} />}
      {outcome.view}
      {open === null && (
        <div className={styles.actions}>
          {!isCompleted && status !== 'dispensed' && status !== 'ready' && (
            <Button
              ref={sendButton}
              onClick={() => {
                outcome.clear();
                setOpen('send');
              }}
            >
              {status ? t('send.change') : t('send.open')}
            </Button>
          )}
          {!hasOpenRefill && (
            <Button
              ref={refillButton}
              variant="secondary"
              onClick={() => {
                outcome.clear();
                setOpen('refill');
              }}
            >
              {t('refill.open')}
            </Button>
          )}
        </div>
      )}
      {open === 'send' && (
        <SendToPharmacy
          patientId={patientId}
          medicine={medicine}
          pharmacyPicker={pharmacyPicker}
          onSent={(pharmacy) => {
            setOpen(null);
            outcome.succeeded(t('send.sent', { pharmacy: pharmacy.name }));
          }}
          onFailed={(text) => {
            setOpen(null);
            outcome.failed(text);
          }}
          onCancel={() => close(sendButton.current)}
        />
      )}
      {open === 'refill' && (
        <RefillForm
          patientId={patientId}
          prescriptionId={medicine._id}
          onSent={() => {
            setOpen(null);
            outcome.succeeded(t('refill.sent'));
          }}
          onFailed={(text) => {
            setOpen(null);
            outcome.failed(text);
          }}
          onCancel={() => close(refillButton.current)}
        />
      )}
    </article>
  );
}

/** 'Sent to …' and the three steps, the current one marked (in words for a screen reader). */
function PharmacyProgress({ pharmacyId, status }: { pharmacyId: string; status: TPharmacyStatus }) {
  const { t } = useTranslation('medicines');
  const pharmacy = useGetPharmacyQuery(pharmacyId);
  return (
    <div className={styles.progress}>
      {pharmacy.currentData && (
        <p>
          <strong>{t('buy.sentTo', { pharmacy: pharmacy.currentData.name })}</strong>
        </p>
      )}
      <ol className={styles.steps} aria-label={t('buy.steps.label')}>
        {PHARMACY_STATUSES.map((step) => (
          <li
            key={step}
            aria-current={step === status ? 'step' : undefined}
            className={
              PHARMACY_STATUSES.indexOf(step) <= PHARMACY_STATUSES.indexOf(status)
                ? styles.reached
                : undefined
            }
          >
            {t(`buy.steps.${step}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The refill requests of this prescription: when asked, the note, and the practice's answer. */
function RefillAnswers({ refills }: { refills: readonly TRefillRequest[] }) {
  const { t, i18n } = useTranslation('medicines');
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h4 id={id}>{t('refill.requests')}</h4>
      <ul className={styles.refills}>
        {refills.map((request) => (
          <li key={request._id}>
            <strong>{t(`refill.state.${request.status}`)}</strong> ·{' '}
            {t('refill.askedOn', { date: day.format(Date.parse(request.createdAt)) })}
            {request.note && (
              <p className={styles.muted}>
                {t('refill.yourNote')} <bdi>{request.note}</bdi>
              </p>
            )}
            {request.status === 'declined' && request.message && (
              <p>
                {t('refill.answer')} <bdi>{request.message}</bdi>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
