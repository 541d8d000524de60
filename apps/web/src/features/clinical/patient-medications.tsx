import { Fragment } from 'react';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import type { TPrescription } from '@portal/shared/prescription';
import { useAppSelector } from '../../app/hooks.ts';
import { buttonClass } from '../../ui/button.tsx';
import { ClinicalSection } from './clinical-section.tsx';
import { useGetPatientPharmacyQuery, useListActivePrescriptionsQuery } from './clinical-api.ts';
import { PrescriptionForm } from './prescription-form.tsx';
import { SendToPharmacyForm } from './send-to-pharmacy-form.tsx';
import { StopForm } from './stop-form.tsx';
import styles from './clinical.module.css';

/**
 * In a patient's details (composed by app/): the active medications, to prescribe, change and
 * stop, and to send to the pharmacy the patient chose. A dispensed one is not changed (what was
 * handed out stays as it was); it may still be stopped.
 */
export function PatientMedications({ patient }: { patient: TPatient }) {
  const { t, i18n } = useTranslation('clinical');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useListActivePrescriptionsQuery({ viewer, patientId: patient._id });
  const chosen = useGetPatientPharmacyQuery({ viewer, patientId: patient._id }).currentData
    ?.pharmacy;
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium' });

  /** Where the prescription stands with a pharmacy, if it was sent or dispensed. */
  const pharmacyLine = (p: TPrescription) => {
    const pharmacy =
      chosen && p.pharmacyId === chosen._id ? chosen.name : t('medications.aPharmacy');
    if (p.dispensedAt)
      return t('medications.dispensedState', {
        pharmacy: p.dispensedBy ?? pharmacy,
        date: day.format(Date.parse(p.dispensedAt)),
      });
    if (p.readyAt) return t('medications.readyState', { pharmacy });
    if (p.sentAt) return t('medications.sentState', { pharmacy });
    return null;
  };

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
          {pharmacyLine(prescription) && (
            <p className={styles.muted}>{pharmacyLine(prescription)}</p>
          )}
        </>
      )}
      actions={(prescription) => [
        ...(prescription.dispensedAt
          ? []
          : [
              {
                action: 'edit',
                label: t('medications.edit', { medication: prescription.medication }),
              },
            ]),
        ...(chosen && !prescription.pharmacyId && !prescription.dispensedAt
          ? [
              {
                action: 'send',
                label: t('medications.sendTo', {
                  medication: prescription.medication,
                  pharmacy: chosen.name,
                }),
              },
            ]
          : []),
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
        action === 'send' && item && chosen ? (
          <SendToPharmacyForm
            prescription={item}
            pharmacy={chosen}
            onDone={(sent) =>
              done(
                sent && {
                  message: t('medications.sent', {
                    medication: sent.medication,
                    pharmacy: chosen.name,
                  }),
                  item: sent,
                },
              )
            }
          />
        ) : action === 'stop' && item ? (
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
