import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_GENDERS,
  profileInputFor,
  type TProfileData,
  type TProfileInput,
} from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { useAppDispatch } from '../../app/hooks.ts';
import { updateUserData } from '../../lib/session/auth-slice.ts';
import { applyServerFieldErrors, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { submitUnlessBusy } from '../../lib/forms/submit-unless-busy.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField, type FieldControlProps } from '../../ui/form-field.tsx';
import { useUpdateProfileMutation } from './profile-api.ts';
import styles from './profile.module.css';

type FieldName = FieldPath<TProfileInput>;
const FIELDS: readonly FieldName[] = [
  'name',
  'email',
  'age',
  'gender',
  'address',
  'phone',
  'picture',
];

/** Fields with a standing hint read before them (keys of `hints` in the locale files). */
const HINTS: Partial<Record<FieldName, string>> = {
  email: 'hints.email',
  phone: 'hints.phone',
  picture: 'hints.picture',
};

function toFormValues(user: TUser): TProfileInput {
  return {
    name: user.name,
    email: user.email,
    age: user.age === null ? '' : String(user.age),
    gender: user.gender ?? '',
    address: user.address ?? '',
    phone: user.phone ?? '',
    picture: user.picture ?? '',
  };
}

/**
 * The profile's edit form: each field is checked as it changes and all of them on save, with
 * the schema the API uses. Save is never disabled (a disabled button leaves the Tab order and
 * says nothing): pressing it with a field wrong saves nothing, shows one summary of the problems
 * and moves focus to it.
 */
export function ProfileForm({ user, onSaved }: { user: TUser; onSaved: (user: TUser) => void }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: summaryRef, request: focusSummary } = useFocusAfterRender<HTMLDivElement>();
  const [isSummaryShown, setIsSummaryShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TProfileInput, unknown, TProfileData>({
    // A phone without + is read in the practice's country, as the API reads it.
    resolver: zodResolver(profileInputFor(user.practice?.country ?? null)),
    mode: 'onChange',
    // The error summary takes focus instead: one announcement, then each field in turn.
    shouldFocusError: false,
    defaultValues: toFormValues(user),
  });

  useEffect(() => setFocus('name'), [setFocus]);

  function showSummary() {
    setIsSummaryShown(true);
    focusSummary();
  }

  async function save(profile: TProfileData) {
    setFailure(null);
    const result = await updateProfile(profile);
    if (result.data) {
      dispatch(updateUserData(result.data));
      onSaved(result.data);
      return;
    }
    const placed = applyServerFieldErrors({ error: result.error, fields: FIELDS, setError });
    setFailure(t(placed > 0 ? 'save.invalid' : 'save.failed'));
    if (placed > 0) showSummary();
  }

  const fieldId = (name: FieldName) => `profile-${name}`;
  const errorText = (name: FieldName) => fieldMessageText(t, errors[name]?.message);
  const summaryItems = isSummaryShown
    ? FIELDS.filter((name) => errors[name]).map((name) => ({
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
      {input('name', { type: 'text', dir: 'auto', autoComplete: 'name' })}
      {input('email', { type: 'email', dir: 'ltr', readOnly: true, autoComplete: 'email' })}
      {/* Text, not type=number: the browser would silently drop "abc" instead of letting us
          say what is wrong with it. */}
      {input('age', { type: 'text', dir: 'ltr', inputMode: 'numeric', autoComplete: 'off' })}
      {field('gender', (props) => (
        <select {...props} {...register('gender')}>
          <option value="">{t('genderPlaceholder')}</option>
          {PROFILE_GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`genders.${gender}`)}
            </option>
          ))}
        </select>
      ))}
      {input('address', { type: 'text', dir: 'auto', autoComplete: 'street-address' }, styles.wide)}
      {input('phone', {
        type: 'tel',
        dir: 'ltr',
        autoComplete: 'tel',
      })}
      {input('picture', { type: 'url', dir: 'ltr', inputMode: 'url', autoComplete: 'photo' })}
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
