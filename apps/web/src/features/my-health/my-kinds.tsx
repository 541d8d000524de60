import { useTranslation } from '../../i18n/use-translation.ts';

import {
  useGetMyAllergiesQuery,
  useGetMyImmunizationsQuery,
  useGetMyPrescriptionsQuery,
} from './my-health-api.ts';

import { ButtonLink } from '../../ui/button.tsx';
import { VerifyCode } from '../../ui/verify-code.tsx';
import { useRecordArgs } from './record-source.tsx';
import { ItemList, RecordSection } from './record-section.tsx';
import styles from './my-health.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

export function Prescriptions({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const { args, isReadOnly } = useRecordArgs(patientId);
  const query = useGetMyPrescriptionsQuery(args);
  // The sheet reads the linked person's own answers, which the practitioner's preview has not.
  const printLink = !isReadOnly && (
    <ButtonLink
      variant="secondary"
      to={`/my-health/${encodeURIComponent(patientId)}/medicines/print`}
    >
      {t('prescriptions.print')}
    </ButtonLink>
  );
  return (
    <RecordSection name="prescriptions" query={query} actions={printLink}>
      {(items) => (
        <ItemList items={items}>
          {(one) => (
            <>
              <p>
                <strong>
                  <bdi>{[one.medication, one.strength].filter(Boolean).join(' ')}</bdi>
                </strong>{' '}
                · {t(`prescriptions.status.${one.status}`)}
              </p>
              <p>
                <bdi>{[one.dose, one.frequency, one.duration].filter(Boolean).join(', ')}</bdi>
              </p>
              {one.instructions && (
                <p className={styles.hint}>
                  <bdi>{one.instructions}</bdi>
                </p>
              )}
              <PrescriptionCode prescription={one} />
              {!isReadOnly && one.status !== 'stopped' && (
                <p>
                  <ButtonLink variant="secondary" to="/buy-medicine">
                    {t('prescriptions.refill', { medication: one.medication })}
                  </ButtonLink>
                </p>
              )}
            </>
          )}
        </ItemList>
      )}
    </RecordSection>
  );
}

/** An active prescription's verification code, which a pharmacy scans to check it. */
function PrescriptionCode({
  prescription,
}: {
  prescription: { medication: string; status: string; verifyUrl: string | null };
}) {
  const { t } = useTranslation('myHealth');
  if (prescription.status !== 'active' || !prescription.verifyUrl) return null;
  return (
    <VerifyCode
      url={prescription.verifyUrl}
      label={t('prescriptions.codeLabel', { medication: prescription.medication })}
      size="small"
    />
  );
}

export function Allergies({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const query = useGetMyAllergiesQuery(useRecordArgs(patientId).args);
  return (
    <RecordSection name="allergies" query={query}>
      {(items) => (
        <ItemList items={items}>
          {(one) => (
            <>
              <p>
                <strong>
                  <bdi>{one.substance}</bdi>
                </strong>{' '}
                · {t(`allergies.severity.${one.severity}`)}
              </p>
              {one.reaction && (
                <p>
                  <bdi>{one.reaction}</bdi>
                </p>
              )}
            </>
          )}
        </ItemList>
      )}
    </RecordSection>
  );
}

export function Immunizations({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('myHealth');
  const query = useGetMyImmunizationsQuery(useRecordArgs(patientId).args);
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <RecordSection name="immunizations" query={query}>
      {(items) => (
        <ItemList items={items}>
          {(one) => (
            <>
              <p>
                <strong>
                  <bdi>{one.vaccine}</bdi>
                </strong>{' '}
                · {day.format(Date.parse(`${one.occurredOn}T00:00:00Z`))}
              </p>
              {one.status === 'not-done' && (
                <p className={styles.hint}>{t('immunizations.notGiven')}</p>
              )}
              {one.doseNumber !== null && (
                <p className={styles.hint}>{t('immunizations.dose', { number: one.doseNumber })}</p>
              )}
            </>
          )}
        </ItemList>
      )}
    </RecordSection>
  );
}
