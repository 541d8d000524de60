import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import type { TPractice } from '@portal/shared/practice';
import type { TPrescription } from '@portal/shared/prescription';
import { useAppSelector } from '../../app/hooks.ts';
import { formatNumber } from '../../i18n/format.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { VerifyCodes } from '../../ui/verify-code.tsx';
import { useListActivePrescriptionsQuery, useListAllergiesQuery } from './clinical-api.ts';
import {
  PrintedPatient,
  PrintedPracticeAddress,
  PrintToolbar,
  printedDay,
} from '../../ui/print-sheet.tsx';
import styles from '../../ui/print-sheet.module.css';

/**
 * The patient's active medications as a prescription to print: the practice and who prescribes
 * (with their registration number), the day, the patient (with their date of birth and active
 * allergies), each medication with how it is taken, their verification codes (a pharmacy checks
 * each one by scanning it), and a place to sign. Shown in the print
 * layout (no site chrome); the buttons above the sheet are for the screen only.
 */
export function PrescriptionPrint({
  patient,
  practice,
}: {
  patient: TPatient;
  /** The prescriber's practice; absent parts are left out. */
  practice?: TPractice;
}) {
  const { t, i18n } = useTranslation('clinical');
  const practitioner = useAppSelector((state) => state.auth.userData);
  const query = useListActivePrescriptionsQuery({
    viewer: practitioner?._id,
    patientId: patient._id,
  });
  const allergies = useListAllergiesQuery({ viewer: practitioner?._id, patientId: patient._id });
  const activeAllergies = allergies.currentData?.filter((a) => a.status === 'active');
  const prescriptions = query.currentData;
  const language = i18n.language;
  const untilOrDuration = (p: TPrescription) =>
    p.duration || (p.endDate && t('print.until', { date: printedDay(language, p.endDate) }));
  const text = (header: string, value: (p: TPrescription) => ReactNode) => ({
    header,
    cell: (p: TPrescription) => <bdi>{value(p)}</bdi>,
  });
  const columns: DataColumn<TPrescription>[] = [
    { ...text(t('medications.medication'), (p) => p.medication), isRowHeader: true },
    text(t('medications.strength'), (p) => p.strength),
    text(t('medications.dose'), (p) => p.dose),
    { header: t('medications.route'), cell: (p) => t(`route.${p.route}`) },
    text(t('medications.frequency'), (p) => p.frequency),
    text(t('print.durationOrEnd'), untilOrDuration),
    text(t('medications.instructions'), (p) => p.instructions),
  ];

  let body;
  if (query.isError && !query.isFetching) body = <p role="alert">{t('medications.loadFailed')}</p>;
  else if (!prescriptions) body = <p>{t('loading')}</p>;
  else if (prescriptions.length === 0) body = <p>{t('print.none')}</p>;
  else
    body = (
      <DataTable
        className={styles.table}
        caption={<caption className={styles.caption}>{t('medications.title')}</caption>}
        columns={columns}
        rows={prescriptions}
        rowKey={(p) => p._id}
      />
    );

  return (
    <article className={styles.sheet} aria-labelledby="prescription-title">
      <PrintToolbar
        printLabel={t('print.print')}
        backLabel={t('print.back')}
        backTo={chartPath(patient._id, { section: 'medications' })}
      />
      <PrintedPracticeAddress
        practice={practice}
        language={language}
        phoneLabel={t('print.practicePhone')}
      />
      <h1 id="prescription-title" className={styles.title}>
        {t('print.title')}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>{t('print.prescriber')}</dt>
          <dd>
            <bdi>{practitioner?.name}</bdi>
          </dd>
        </div>
        {practice?.registrationNumber && (
          <div>
            <dt>{t('print.registrationNumber')}</dt>
            <dd>
              <bdi dir="ltr">{practice.registrationNumber}</bdi>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('print.date')}</dt>
          <dd>{printedDay(language)}</dd>
        </div>
        <PrintedPatient
          patient={patient}
          language={language}
          nameLabel={t('print.patient')}
          birthLabel={t('print.dateOfBirth')}
        />
        <div>
          <dt>{t('print.age')}</dt>
          <dd>{t('print.years', { count: patient.age, age: formatNumber(patient.age) })}</dd>
        </div>
      </dl>
      <section aria-labelledby="prescription-allergies" className={styles.allergies}>
        <h2 id="prescription-allergies" className={styles.caption}>
          {t('print.allergies')}
        </h2>
        {allergies.isError && !allergies.isFetching ? (
          <p role="alert">{t('print.allergiesFailed')}</p>
        ) : !activeAllergies ? (
          <p>{t('loading')}</p>
        ) : activeAllergies.length === 0 ? (
          <p>{t('print.noAllergies')}</p>
        ) : (
          <ul>
            {activeAllergies.map((allergy) => (
              <li key={allergy._id}>
                <bdi>{allergy.substance}</bdi>{' '}
                {t('print.severityOf', { severity: t(`severity.${allergy.severity}`) })}
                {allergy.reaction && (
                  <>
                    {t('print.reactionSeparator')}
                    <bdi>{allergy.reaction}</bdi>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {body}
      {prescriptions && (
        <VerifyCodes
          items={prescriptions}
          title={t('print.codes')}
          hint={t('print.codesHint')}
          labelOf={(medication) => t('print.codeLabel', { medication })}
          headingClassName={styles.caption}
        />
      )}
      <p className={styles.signature}>{t('print.signature')}</p>
    </article>
  );
}
