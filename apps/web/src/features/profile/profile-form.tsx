import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  PROFILE_GENDERS,
  profileInputFor,
  type TProfileData,
  type TProfileInput,
} from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { useUpdateProfileMutation } from './profile-api.ts';
import { useSectionForm } from './section-form.tsx';
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

/** The profile's edit form (section-form.tsx). */
export function ProfileForm({ user, onSaved }: { user: TUser; onSaved: (user: TUser) => void }) {
  const { t } = useTranslation('profile');
  const [updateProfile] = useUpdateProfileMutation();
  const { register, field, input, form } = useSectionForm<TProfileInput, TProfileData>({
    namespace: 'profile',
    fields: FIELDS,
    hints: HINTS,
    // A phone without + is read in the practice's country, as the API reads it.
    resolver: zodResolver(profileInputFor(user.practice?.country ?? null)),
    defaultValues: toFormValues(user),
    update: updateProfile,
    onSaved,
  });

  return form(
    <>
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
    </>,
  );
}
