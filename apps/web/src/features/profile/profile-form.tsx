import { zodResolver } from '@hookform/resolvers/zod';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TApiError } from '@portal/shared/errors';
import {
  PROFILE_GENDERS,
  ZProfileInput,
  type TProfileData,
  type TProfileInput,
} from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { useAppDispatch } from '../../app/hooks.ts';
import { updateUserData } from '../../lib/session/auth-slice.ts';
import { Button } from '../../ui/button.tsx';
import { useUpdateProfileMutation } from './profile-api.ts';
import { translateProfileMessage } from './profile-messages.ts';
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

/** Fields with a standing hint under them (keys of `hints` in the locale files). */
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

function apiErrorOf(error: unknown): TApiError | undefined {
  const data = (error as FetchBaseQueryError | undefined)?.data;
  return data && typeof data === 'object' && 'message' in data ? (data as TApiError) : undefined;
}

/**
 * The edit form of SPEC.md §2 with the rules of §5: each field is checked as it changes and
 * all of them on save, with the schema the API uses. Save stays blocked while an error shows.
 */
export function ProfileForm({ user, onSaved }: { user: TUser; onSaved: (user: TUser) => void }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TProfileInput, unknown, TProfileData>({
    resolver: zodResolver(ZProfileInput),
    mode: 'onChange',
    defaultValues: toFormValues(user),
  });
  const hasErrors = FIELDS.some((field) => errors[field]);

  useEffect(() => setFocus('name'), [setFocus]);

  async function save(profile: TProfileData) {
    setFailure(null);
    const result = await updateProfile(profile);
    if (result.data) {
      dispatch(updateUserData(result.data));
      onSaved(result.data);
      return;
    }
    const body = apiErrorOf(result.error);
    const fieldErrors = Object.entries(body?.fieldErrors ?? {}).filter(([field]) =>
      (FIELDS as readonly string[]).includes(field),
    );
    for (const [field, message] of fieldErrors)
      setError(field as FieldName, { type: 'server', message }, { shouldFocus: true });
    setFailure(t(fieldErrors.length > 0 ? 'save.invalid' : 'save.failed'));
  }

  /** Label, control and message wired together for assistive technology. */
  function control(name: FieldName) {
    const error = errors[name]?.message;
    const describedBy = [HINTS[name] && `profile-${name}-hint`, error && `profile-${name}-error`]
      .filter(Boolean)
      .join(' ');
    return {
      id: `profile-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      ...register(name),
    };
  }

  function message(name: FieldName) {
    const error = errors[name]?.message;
    if (!error) return null;
    return (
      <p id={`profile-${name}-error`} className={styles.error}>
        {translateProfileMessage(t, error, 'messages.fallback')}
      </p>
    );
  }

  function hint(name: FieldName) {
    const key = HINTS[name];
    return key ? (
      <p id={`profile-${name}-hint`} className={styles.hint}>
        {t(key)}
      </p>
    ) : null;
  }

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(save)}>
      <div className={styles.field}>
        <label htmlFor="profile-name">{t('fields.name')}</label>
        <input type="text" dir="auto" autoComplete="name" {...control('name')} />
        {message('name')}
      </div>
      <div className={styles.field}>
        <label htmlFor="profile-email">{t('fields.email')}</label>
        <input type="email" dir="ltr" readOnly autoComplete="email" {...control('email')} />
        {hint('email')}
        {message('email')}
      </div>
      <div className={styles.field}>
        <label htmlFor="profile-age">{t('fields.age')}</label>
        {/* Text, not type=number: the browser would silently drop "abc" instead of letting us
            say what is wrong with it. */}
        <input type="text" dir="ltr" inputMode="numeric" autoComplete="off" {...control('age')} />
        {message('age')}
      </div>
      <div className={styles.field}>
        <label htmlFor="profile-gender">{t('fields.gender')}</label>
        <select {...control('gender')}>
          <option value="">{t('genderPlaceholder')}</option>
          {PROFILE_GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`genders.${gender}`)}
            </option>
          ))}
        </select>
        {message('gender')}
      </div>
      <div className={`${styles.field} ${styles.wide}`}>
        <label htmlFor="profile-address">{t('fields.address')}</label>
        <input type="text" dir="auto" autoComplete="street-address" {...control('address')} />
        {message('address')}
      </div>
      <div className={styles.field}>
        <label htmlFor="profile-phone">{t('fields.phone')}</label>
        <input
          type="tel"
          dir="ltr"
          inputMode="numeric"
          autoComplete="tel-national"
          {...control('phone')}
        />
        {hint('phone')}
        {message('phone')}
      </div>
      <div className={styles.field}>
        <label htmlFor="profile-picture">{t('fields.picture')}</label>
        <input type="url" dir="ltr" inputMode="url" autoComplete="photo" {...control('picture')} />
        {hint('picture')}
        {message('picture')}
      </div>
      {failure && (
        <p role="alert" className={`${styles.failure} ${styles.wide}`}>
          {failure}
        </p>
      )}
      <div className={`${styles.formActions} ${styles.wide}`}>
        <Button type="submit" disabled={hasErrors || isSubmitting}>
          {isSubmitting ? t('save.saving') : t('save.button')}
        </Button>
      </div>
    </form>
  );
}
