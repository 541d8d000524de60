import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation.ts';
import {
  IMMUNIZATION_KIND,
  IMMUNIZATION_REASONS,
  IMMUNIZATION_ROUTES,
  IMMUNIZATION_SITES,
  IMMUNIZATION_STATUSES,
  ZImmunizationInput,
  type TImmunization,
  type TImmunizationData,
  type TImmunizationStatus,
} from '@portal/shared/immunization';
import type { TPatient } from '@portal/shared/patient';
import { VACCINE_CODES, vaccineName, type TVaccineCode } from '@portal/shared/vaccines';
import { ClinicalForm } from '../features/clinical/clinical-form.tsx';
import { TextField } from '../features/clinical/clinical-fields.tsx';
import { ClinicalSection } from '../features/clinical/clinical-section.tsx';
import { useClinicalForm } from '../features/clinical/use-clinical-form.ts';
import styles from '../features/clinical/clinical.module.css';
import { formatDay, formatNumber } from '../i18n/format.ts';
import { InputField, SelectField } from '../ui/control-fields.tsx';
import { usePatientItems, useSavePatientItem } from './kind-api.ts';
import type { WebKind } from './web-kind.ts';

const { namespace, segment } = IMMUNIZATION_KIND;

/** The vaccine choice that reveals the name field: a vaccine not in the curated list. */
const OTHER = 'other';

/** What the controls hold: selects and boxes hold text, '' for none. */
interface Values {
  vaccineCode: TVaccineCode | typeof OTHER | '';
  vaccine: string;
  occurredOn: string;
  doseNumber: string;
  lotNumber: string;
  site: string;
  route: string;
  performerNote: string;
  status: TImmunizationStatus;
  statusReason: string;
}

const isListed = (choice: string): choice is TVaccineCode =>
  (VACCINE_CODES as readonly string[]).includes(choice);

/** The vaccine as the reader reads it: a listed one by its name in their language. */
const nameOf = (item: TImmunization, language: string) =>
  item.vaccineCode ? vaccineName(item.vaccineCode, language) : item.vaccine;

/** The values as the shared schema takes them: a listed vaccine sends its code and its name. */
function inputOf(values: Values, language: string) {
  const { vaccineCode: choice, doseNumber, site, route, status, statusReason } = values;
  return {
    ...values,
    vaccineCode: isListed(choice) ? choice : null,
    vaccine: isListed(choice)
      ? vaccineName(choice, language)
      : choice === OTHER
        ? values.vaccine
        : '',
    doseNumber: doseNumber.trim() === '' ? null : Number(doseNumber),
    site: site || null,
    route: route || null,
    statusReason: status === 'not-done' && statusReason ? statusReason : null,
  };
}

/** Records an immunization, or changes one. */
function ImmunizationForm({
  patientId,
  immunization,
  onDone,
}: {
  patientId: string;
  immunization?: TImmunization;
  /** The saved immunization, or undefined when the reader cancelled. */
  onDone: (saved?: TImmunization) => void;
}) {
  const { t, i18n } = useTranslation(namespace);
  const save = useSavePatientItem<TImmunization, TImmunizationData>(segment);
  const { field, frame, form } = useClinicalForm<Values, TImmunizationData>({
    schema: ZImmunizationInput,
    defaultValues: {
      vaccineCode: immunization ? (immunization.vaccineCode ?? OTHER) : '',
      vaccine: immunization?.vaccineCode ? '' : (immunization?.vaccine ?? ''),
      occurredOn: immunization?.occurredOn ?? '',
      doseNumber: immunization?.doseNumber?.toString() ?? '',
      lotNumber: immunization?.lotNumber ?? '',
      site: immunization?.site ?? '',
      route: immunization?.route ?? '',
      performerNote: immunization?.performerNote ?? '',
      status: immunization?.status ?? 'completed',
      statusReason: immunization?.statusReason ?? '',
    },
    prepare: (values) => inputOf(values, i18n.language),
    // Until 'Other' is chosen the name comes from the list: a missing vaccine is the list's.
    fieldOf: (name, values) =>
      name === 'vaccine' && values.vaccineCode !== OTHER ? 'vaccineCode' : (name as keyof Values),
    save: async (input) => onDone(await save({ patientId, item: immunization, input })),
  });
  const [choice, status] = useWatch({ control: form.control, name: ['vaccineCode', 'status'] });
  const vaccines = useMemo(
    () =>
      VACCINE_CODES.map((code) => ({ value: code, label: vaccineName(code, i18n.language) })).sort(
        (a, b) => a.label.localeCompare(b.label, i18n.language),
      ),
    [i18n.language],
  );
  const choices = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  return (
    <ClinicalForm
      {...frame}
      label={
        immunization
          ? t('editTitle', { vaccine: nameOf(immunization, i18n.language) })
          : t('addTitle')
      }
      saveLabel={t('save')}
      onCancel={() => onDone()}
    >
      <div className={styles.grid}>
        <SelectField
          {...field('vaccineCode')}
          label={t('fields.vaccine')}
          aria-required
          emptyChoice={t('fields.chooseVaccine')}
          options={[...vaccines, { value: OTHER, label: t('fields.other') }]}
        />
        {choice === OTHER && (
          <TextField {...field('vaccine')} label={t('fields.vaccineName')} isRequired />
        )}
        <TextField {...field('occurredOn')} label={t('fields.occurredOn')} type="date" isRequired />
        <InputField {...field('doseNumber')} label={t('fields.doseNumber')} inputMode="numeric" />
        <TextField {...field('lotNumber')} label={t('fields.lotNumber')} />
        <SelectField
          {...field('site')}
          label={t('fields.site')}
          emptyChoice={t('fields.notRecorded')}
          options={choices(IMMUNIZATION_SITES, 'sites')}
        />
        <SelectField
          {...field('route')}
          label={t('fields.route')}
          emptyChoice={t('fields.notRecorded')}
          options={choices(IMMUNIZATION_ROUTES, 'routes')}
        />
        <TextField {...field('performerNote')} label={t('fields.performerNote')} />
        <SelectField
          {...field('status')}
          label={t('fields.status')}
          options={choices(IMMUNIZATION_STATUSES, 'statuses')}
        />
        {status === 'not-done' && (
          <SelectField
            {...field('statusReason')}
            label={t('fields.statusReason')}
            aria-required
            emptyChoice={t('fields.chooseReason')}
            options={choices(IMMUNIZATION_REASONS, 'reasons')}
          />
        )}
      </div>
    </ClinicalForm>
  );
}

/** In a patient's details (composed by app/): the vaccines given, or not given and why. */
function PatientImmunizations({ patient }: { patient: TPatient }) {
  const { t, i18n } = useTranslation(namespace);
  const query = usePatientItems<TImmunization>(segment, patient._id);
  const { currentData } = query;
  // Newest given first; the API's order (newest recorded first) breaks a tie.
  const sorted = useMemo(
    () => currentData && [...currentData].sort((a, b) => b.occurredOn.localeCompare(a.occurredOn)),
    [currentData],
  );
  const language = i18n.language;

  return (
    <ClinicalSection<TImmunization>
      kind={{ namespace }}
      query={{ ...query, currentData: sorted }}
      renderSummary={(item) => (
        <>
          <p className={styles.summary}>
            <bdi className={styles.name}>{nameOf(item, language)}</bdi>
            <span>{formatDay(item.occurredOn, language)}</span>
            {item.doseNumber !== null && (
              <span>{t('dose', { number: formatNumber(item.doseNumber, language) })}</span>
            )}
            <span className={styles.muted}>
              {item.statusReason
                ? t('notGiven', { reason: t(`reasons.${item.statusReason}`) })
                : t(`statuses.${item.status}`)}
            </span>
          </p>
          {(item.lotNumber || item.site) && (
            <p className={styles.muted}>
              {item.lotNumber && t('lot', { lot: item.lotNumber })}
              {item.lotNumber && item.site && ' · '}
              {item.site && t(`sites.${item.site}`)}
            </p>
          )}
        </>
      )}
      actions={(item) => [
        { action: 'edit', label: t('edit', { vaccine: nameOf(item, language) }) },
      ]}
      renderPanel={({ item }, done) => (
        <ImmunizationForm
          patientId={patient._id}
          immunization={item}
          onDone={(saved) =>
            done(
              saved && {
                message: t('saved', { vaccine: nameOf(saved, language) }),
                item: saved,
              },
            )
          }
        />
      )}
    />
  );
}

/** The immunizations' part of the web registry (registry.ts). */
export const IMMUNIZATIONS: WebKind = {
  shared: IMMUNIZATION_KIND,
  Section: PatientImmunizations,
  section: 'immunizations',
  hasTimelineTexts: true,
  fake: {
    schema: ZImmunizationInput,
    sample: {
      vaccine: 'Measles, mumps and rubella (MMR)',
      vaccineCode: '03',
      occurredOn: '2025-03-04',
    },
    timelineEntry: (item) => {
      const immunization = item as unknown as TImmunization;
      return {
        at: `${immunization.occurredOn}T00:00:00.000Z`,
        summary: immunization.vaccine,
        detail: immunization.performerNote,
        state: immunization.status,
      };
    },
  },
};
