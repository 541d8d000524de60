import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { formatDay } from '../../i18n/format.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { VerifyCodes } from '../../ui/verify-code.tsx';
import {
  PrintedPatient,
  PrintedPracticeAddress,
  PrintToolbar,
  printedDay,
} from '../../ui/print-sheet.tsx';
import sheet from '../../ui/print-sheet.module.css';
import type { TMyAllergy, TMyPrescription } from './api-types.ts';
import {
  useGetMyAllergiesQuery,
  useGetMyPrescriptionsQuery,
  useGetMyRecordQuery,
} from './my-health-api.ts';
import { refusalOf } from './refusal.ts';
import styles from './medicines-print.module.css';

/**
 * `/my-health/:patientId/medicines/print`: the linked record's medicines as a sheet to take to a
 * pharmacy or another doctor: the patient, the practice, the day, the active allergies, then the
 * active medicines and, shorter, the past ones, then the active ones' verification codes. Only what the patient's screens show (the
 * prescription's patient view); no invitation code, since the paper leaves the person's hands.
 */
export function MedicinesPrintPage() {
  const { t, i18n } = useTranslation('myHealth');
  const { patientId = '' } = useParams();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const args = { viewer, patientId };
  const record = useGetMyRecordQuery(args);
  const prescriptions = useGetMyPrescriptionsQuery(args);
  const allergies = useGetMyAllergiesQuery(args);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const isNavigatedTo = useLocation().key !== 'default';
  // The print layout mounts anew when the page is reached from My health, so the layout's own
  // arrival reads it as a first visit and leaves focus behind: the sheet takes it itself.
  useEffect(() => {
    if (isNavigatedTo) titleRef.current?.focus();
  }, [isNavigatedTo]);
  const language = i18n.language;
  const backTo = `/my-health/${encodeURIComponent(patientId)}`;

  const failed = [record, prescriptions, allergies].find(
    (query) => query.isError && !query.isFetching,
  );
  let content: ReactNode;
  if (failed)
    content = (
      <p role="alert">
        {refusalOf(failed.error).code === 'LINK_NOT_FOUND'
          ? t('refusals.LINK_NOT_FOUND')
          : t('medicines.loadFailed')}
      </p>
    );
  else if (!record.currentData || !prescriptions.currentData || !allergies.currentData)
    content = <p>{t('page.loading')}</p>;
  else {
    const { patient } = record.currentData;
    content = (
      <>
        <dl className={sheet.facts}>
          <PrintedPatient
            patient={patient}
            language={language}
            nameLabel={t('medicines.patient')}
            birthLabel={t('medicines.dateOfBirth')}
          />
          <div>
            <dt>{t('medicines.printedOn')}</dt>
            <dd>{printedDay(language)}</dd>
          </div>
        </dl>
        <AllergyList allergies={allergies.currentData} />
        <MedicineTables prescriptions={prescriptions.currentData} />
        <VerifyCodes
          items={prescriptions.currentData.filter((p) => p.status === 'active')}
          title={t('medicines.codes')}
          hint={t('medicines.codesHint')}
          labelOf={(medication) => t('prescriptions.codeLabel', { medication })}
          headingClassName={sheet.caption}
        />
      </>
    );
  }

  return (
    <article className={sheet.sheet} aria-labelledby={titleId}>
      <PrintToolbar
        printLabel={t('medicines.print')}
        backLabel={t('medicines.back')}
        backTo={backTo}
      />
      <PrintedPracticeAddress
        practice={record.currentData?.practice}
        language={language}
        phoneLabel={t('practice.phone')}
      />
      <h1 ref={titleRef} id={titleId} tabIndex={-1} className={sheet.title}>
        {t('medicines.title')}
      </h1>
      {content}
    </article>
  );
}

/** The allergies in force, which a pharmacist checks before handing anything over. */
function AllergyList({ allergies }: { allergies: readonly TMyAllergy[] }) {
  const { t } = useTranslation('myHealth');
  const id = useId();
  const active = allergies.filter((allergy) => allergy.status === 'active');
  return (
    <section aria-labelledby={id} className={sheet.allergies}>
      <h2 id={id} className={sheet.caption}>
        {t('allergies.title')}
      </h2>
      {active.length === 0 ? (
        <p>{t('allergies.none')}</p>
      ) : (
        <ul>
          {active.map((allergy) => (
            <li key={allergy._id}>
              <bdi>{allergy.substance}</bdi> · {t(`allergies.severity.${allergy.severity}`)}
              {allergy.reaction && (
                <>
                  {' · '}
                  <bdi>{allergy.reaction}</bdi>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The active medicines in full, then the stopped and completed ones in a shorter table. */
function MedicineTables({ prescriptions }: { prescriptions: readonly TMyPrescription[] }) {
  const { t, i18n } = useTranslation('myHealth');
  const language = i18n.language;
  const day = dateTimeFormat(language, { dateStyle: 'medium' });
  const onDay = (iso: string) => day.format(Date.parse(iso));
  const text = (header: string, value: (p: TMyPrescription) => ReactNode) => ({
    header,
    cell: (p: TMyPrescription) => <bdi>{value(p)}</bdi>,
  });
  const medication = {
    ...text(t('medicines.columns.medication'), (p) => p.medication),
    isRowHeader: true,
  };
  const strengthAndDose = text(t('medicines.columns.strengthAndDose'), (p) =>
    [p.strength, p.dose].filter(Boolean).join(', '),
  );
  const prescribedOn = {
    header: t('medicines.columns.prescribedOn'),
    cell: (p: TMyPrescription) => onDay(p.createdAt),
  };
  const activeColumns: DataColumn<TMyPrescription>[] = [
    medication,
    strengthAndDose,
    { header: t('medicines.columns.route'), cell: (p) => t(`medicines.route.${p.route}`) },
    text(t('medicines.columns.frequency'), (p) => p.frequency),
    text(
      t('medicines.columns.duration'),
      (p) =>
        p.duration || (p.endDate && t('medicines.until', { date: formatDay(p.endDate, language) })),
    ),
    text(t('medicines.columns.instructions'), (p) => p.instructions),
    prescribedOn,
  ];
  const pastColumns: DataColumn<TMyPrescription>[] = [
    medication,
    strengthAndDose,
    prescribedOn,
    {
      header: t('medicines.columns.ended'),
      cell: (p) =>
        p.status === 'stopped' && p.stoppedAt
          ? t('medicines.stoppedOn', { date: onDay(p.stoppedAt) })
          : t(`prescriptions.status.${p.status}`),
    },
  ];
  const active = prescriptions.filter((p) => p.status === 'active');
  const past = prescriptions.filter((p) => p.status !== 'active');
  return (
    <>
      <MedicineTable
        caption={t('medicines.active')}
        empty={t('medicines.noneActive')}
        columns={activeColumns}
        rows={active}
      />
      <MedicineTable
        caption={t('medicines.past')}
        empty={t('medicines.nonePast')}
        columns={pastColumns}
        rows={past}
      />
    </>
  );
}

/**
 * One table under its heading. On a narrow screen the table scrolls inside its frame, which
 * takes focus so that a keyboard can scroll it too, and the page itself never scrolls sideways.
 */
function MedicineTable({
  caption,
  empty,
  columns,
  rows,
}: {
  caption: string;
  empty: string;
  columns: DataColumn<TMyPrescription>[];
  rows: readonly TMyPrescription[];
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.part}>
      <h2 id={id} className={sheet.caption}>
        {caption}
      </h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className={styles.scroller} role="region" aria-labelledby={id} tabIndex={0}>
          <DataTable
            className={`${sheet.table} ${styles.table}`}
            caption={<caption className="visually-hidden">{caption}</caption>}
            columns={columns}
            rows={rows}
            rowKey={(p) => p._id}
          />
        </div>
      )}
    </section>
  );
}
