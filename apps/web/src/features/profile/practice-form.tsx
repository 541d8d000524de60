import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  COUNTRY_CODES,
  ZPracticeInput,
  type TPractice,
  type TPracticeData,
  type TPracticeInput,
} from '@portal/shared/practice';
import type { TUser } from '@portal/shared/user';
import { useUpdatePracticeMutation } from './profile-api.ts';
import { useSectionForm } from './section-form.tsx';
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

/** The Practice section's edit form (section-form.tsx). */
export function PracticeForm({ user, onSaved }: { user: TUser; onSaved: () => void }) {
  const { t } = useTranslation('practice');
  const countries = useCountryNames();
  const [updatePractice] = useUpdatePracticeMutation();
  const { register, field, input, form } = useSectionForm<TPracticeInput, TPracticeData>({
    namespace: 'practice',
    fields: PRACTICE_FIELDS,
    hints: HINTS,
    resolver: zodResolver(ZPracticeInput),
    defaultValues: toFormValues(user.practice),
    update: updatePractice,
    onSaved,
  });

  return form(
    <>
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
    </>,
  );
}
