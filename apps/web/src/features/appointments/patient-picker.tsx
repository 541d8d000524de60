import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value.ts';
import { useFindPatientsQuery } from './appointments-api.ts';
import { describedControl, FieldMessage, FormField } from '../../ui/form-field.tsx';
import styles from './appointments.module.css';

export const PATIENT_SEARCH_DEBOUNCE_MS = 300;
/** The patient list API's limit for `?q=`. */
const SEARCH_MAX_LENGTH = 100;

/**
 * Pick one of the practitioner's own patients: a search box (the patient list's `?q=`) and the
 * matches as radio buttons, so the choice is one Tab stop and the arrow keys. The chosen
 * patient stays offered while the search changes.
 */
export function PatientPicker({
  id,
  selected,
  onSelect,
  error,
}: {
  id: string;
  selected: TPatient | null;
  onSelect: (patient: TPatient) => void;
  error?: string;
}) {
  const { t } = useTranslation('appointments');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), PATIENT_SEARCH_DEBOUNCE_MS);
  const { currentData, isFetching, isError } = useFindPatientsQuery(
    { viewer, q },
    { skip: q === '' },
  );
  const matches = q ? (currentData ?? []) : [];
  const options =
    selected && !matches.some((patient) => patient._id === selected._id)
      ? [selected, ...matches]
      : matches;
  let status = '';
  if (q && isError && !isFetching) status = t('patient.searchFailed');
  else if (q && currentData && !isFetching)
    status =
      matches.length === 0
        ? t('patient.noMatch', { query: q })
        : t('patient.found', { count: matches.length });

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('form.patient')}</legend>
      <FormField id={id} label={t('patient.search')} hint={t('patient.searchHint')}>
        {(props) => (
          <input
            type="search"
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            {...props}
            {...describedControl({ describedBy: [`${id}-hint`], messageOf: id, error })}
          />
        )}
      </FormField>
      <p role="status" className={status ? styles.hint : 'visually-hidden'}>
        {status}
      </p>
      {options.length > 0 && (
        <ul className={`${styles.choices} ${styles.patients}`} aria-busy={isFetching}>
          {options.map((patient) => (
            <li key={patient._id}>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-choice`}
                  value={patient._id}
                  checked={selected?._id === patient._id}
                  onChange={() => onSelect(patient)}
                />
                <bdi dir="auto">{patient.name}</bdi>
                <span className={styles.hint}>
                  {t('patient.age', { age: formatNumber(patient.age) })} ·{' '}
                  <bdi dir="ltr">{patient.phone}</bdi>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}
