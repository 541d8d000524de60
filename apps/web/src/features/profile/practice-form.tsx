import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  COUNTRY_CODES,
  ZPracticeInput,
  type TPractice,
  type TPracticeData,
  type TPracticeInput,
} from '@portal/shared/practice';
import type { TUser } from '@portal/shared/user';
import { useAppDispatch } from '../../app/hooks.ts';
import { updateUserData } from '../../lib/session/auth-slice.ts';
import { applyServerFieldErrors, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { submitUnlessBusy } from '../../lib/forms/submit-unless-busy.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField, type FieldControlProps } from '../../ui/form-field.tsx';
import { useUpdatePracticeMutation } from './profile-api.ts';
import styles from './profile.module.css';

type FieldName = FieldPath<TPracticeInput>;
export const PRACTICE_FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'country',
  'phone',
  'registrationNumber',
  'cancellationNoticeHours',
] as const satisfies readonly (keyof TPractice)[];

const HINTS: Partial<Record<FieldName, string>> = {
  street: 'hints.street',
  phone: 'hints.phone',
  registrationNumber: 'hints.registrationNumber',
  cancellationNoticeHours: 'hints.cancellationNoticeHours',
};

/** The form holds text: blanks for what is not given, the hours as typed. */
function toFormValues(practice: TPractice | undefined): TPracticeInput {
  return Object.fromEntries(
    PRACTICE_FIELDS.map((name) => {
      const value = practice?.[name];
      return [name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** Every country by its name in the reader's language, in that language's order. */
export function useCountryNames(): { code: string; name: string }[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, language),
    );
  }, [language]);
}

/**
 * The Practice section's edit form, built like the profile form: every field checked as it
 * changes and all on save with the schema the API uses; one summary of the problems takes focus.
 */
export function PracticeForm({ user, onSaved }: { user: TUser; onSaved: () => void }) {
  const { t } = useTranslation('practice');
  const dispatch = useAppDispatch();
  const countries = useCountryNames();
  const [updatePractice] = useUpdatePracticeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: summaryRef, request: focusSummary } = useFocusAfterRender<HTMLDivElement>();
  const [isSummaryShown, setIsSummaryShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TPracticeInput, unknown, TPracticeData>({
    resolver: zodResolver(ZPracticeInput),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: toFormValues(user.practice),
  });

  useEffect(() => setFocus('name'), [setFocus]);

  function showSummary() {
    setIsSummaryShown(true);
    focusSummary();
  }

  async function save(practice: TPracticeData) {
    setFailure(null);
    const result = await updatePractice(practice);
    if (result.data) {
      // The session's copy of the user gives the other screens the practice country.
      dispatch(updateUserData(result.data));
      onSaved();
      return;
    }
    const placed = applyServerFieldErrors({
      error: result.error,
      fields: PRACTICE_FIELDS,
      setError,
    });
    setFailure(t(placed > 0 ? 'save.invalid' : 'save.failed'));
    if (placed > 0) showSummary();
  }

  const fieldId = (name: FieldName) => `practice-${name}`;
  const errorText = (name: FieldName) => fieldMessageText(t, errors[name]?.message);
  const summaryItems = isSummaryShown
    ? PRACTICE_FIELDS.filter((name) => errors[name]).map((name) => ({
        fieldId: fieldId(name),
        text: `${t(`fields.${name}`)}: ${errorText(name)}`,
      }))
    : [];

  function field(
    name: FieldName,
    control: (props: FieldControlProps) => ReactNode,
    className?: string,
  ) {
    const hintKey = HINTS[name];
    return (
      <FormField
        id={fieldId(name)}
        label={t(`fields.${name}`)}
        hint={hintKey && t(hintKey)}
        error={errors[name] && errorText(name)}
        className={[styles.field, className].filter(Boolean).join(' ')}
      >
        {control}
      </FormField>
    );
  }

  const input = (
    name: FieldName,
    attributes: InputHTMLAttributes<HTMLInputElement>,
    className?: string,
  ) => field(name, (props) => <input {...attributes} {...props} {...register(name)} />, className);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(save, showSummary))}
    >
      <div className={styles.wide}>
        <ErrorSummary ref={summaryRef} items={summaryItems} />
      </div>
      {input('name', { type: 'text', dir: 'auto', autoComplete: 'organization' }, styles.wide)}
      {field(
        'street',
        (props) => (
          <textarea
            rows={2}
            dir="auto"
            autoComplete="street-address"
            {...props}
            {...register('street')}
          />
        ),
        styles.wide,
      )}
      {input('postalCode', { type: 'text', dir: 'auto', autoComplete: 'postal-code' })}
      {input('city', { type: 'text', dir: 'auto', autoComplete: 'address-level2' })}
      {field('country', (props) => (
        <select autoComplete="country" {...props} {...register('country')}>
          <option value="">{t('countryPlaceholder')}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      ))}
      {input('phone', { type: 'tel', dir: 'ltr', autoComplete: 'tel' })}
      {input('registrationNumber', { type: 'text', dir: 'ltr', autoComplete: 'off' })}
      {/* Text, not type=number: the browser would silently drop "abc" instead of letting us
          say what is wrong with it. */}
      {input('cancellationNoticeHours', {
        type: 'text',
        dir: 'ltr',
        inputMode: 'numeric',
        autoComplete: 'off',
      })}
      {failure && (
        <p role="alert" className={`${styles.failure} ${styles.wide}`}>
          {failure}
        </p>
      )}
      <div className={`${styles.formActions} ${styles.wide}`}>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? t('save.saving') : t('save.button')}
        </Button>
      </div>
    </form>
  );
}
