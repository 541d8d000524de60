import { Fragment } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import type { TPrescription } from '@portal/shared/prescription';
import { useAppSelector } from '../../app/hooks.ts';
import { buttonClass } from '../../ui/button.tsx';
import { ClinicalSection } from './clinical-section.tsx';
import { useListActivePrescriptionsQuery } from './clinical-api.ts';
import { PrescriptionForm } from './prescription-form.tsx';
import { StopForm } from './stop-form.tsx';
import styles from './clinical.module.css';

/** In a patient's details (composed by app/): the active medications, to prescribe, change and stop. */
export function PatientMedications({ patient }: { patient: TPatient }) {
  const { t } = useTranslation('clinical');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useListActivePrescriptionsQuery({ viewer, patientId: patient._id });

  /**
   * Strength, dose, route, frequency and duration, each isolated (`<bdi>`): a part mixing digits
   * and Latin units ("500 mg") keeps its own order inside a right-to-left line, and the parts
   * keep theirs.
   */
  const summaryOf = (p: TPrescription) =>
    [p.strength, p.dose, t(`route.${p.route}`), p.frequency, p.duration || p.endDate]
      .filter(Boolean)
      .map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          <bdi>{part}</bdi>
        </Fragment>
      ));

  return (
    <ClinicalSection<TPrescription>
      kind="medications"
      query={query}
      renderSummary={(prescription) => (
        <>
          <p className={styles.summary}>
            <span className={styles.name}>{prescription.medication}</span>
            <span>{summaryOf(prescription)}</span>
          </p>
          {prescription.instructions && <p className={styles.muted}>{prescription.instructions}</p>}
        </>
      )}
      actions={(prescription) => [
        { action: 'edit', label: t('medications.edit', { medication: prescription.medication }) },
        {
          action: 'stop',
          label: t('medications.stopFor', { medication: prescription.medication }),
        },
      ]}
      moreActions={
        query.currentData?.length ? (
          // A tab of its own: the patient's details stay open here while the sheet is printed.
          <a
            className={buttonClass('secondary')}
            href={`/records/patients/${encodeURIComponent(patient._id)}/prescriptions/print`}
            target="_blank"
            rel="noopener"
          >
            {t('print.link')} <span className="visually-hidden">{t('print.newTab')}</span>
          </a>
        ) : null
      }
      renderPanel={({ action, item }, done) =>
        action === 'stop' && item ? (
          <StopForm
            prescription={item}
            onDone={(stopped) =>
              done(
                stopped && {
                  message: t('medications.stopped', { medication: stopped.medication }),
                },
              )
            }
          />
        ) : (
          <PrescriptionForm
            patientId={patient._id}
            prescription={item}
            onDone={(saved) =>
              done(
                saved && {
                  message: t('medications.saved', { medication: saved.medication }),
                  // A completed prescription leaves the active list: focus goes to the heading.
                  item: saved.status === 'active' ? saved : undefined,
                },
              )
            }
          />
        )
      }
    />
  );
}
