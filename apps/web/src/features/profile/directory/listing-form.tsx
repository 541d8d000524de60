import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, UseFormRegisterReturn } from 'react-hook-form';
import { APPOINTMENT_KINDS } from '@portal/shared/appointment';
import {
  ONLINE_BOOKING,
  ZListingInput,
  type TFacility,
  type TListing,
  type TListingData,
  type TListingInput,
} from '@portal/shared/directory';
import type { TUser } from '@portal/shared/user';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDirectoryNames, type NamedCode } from '../../../lib/directory/directory-names.ts';
import { describedControl, FieldMessage } from '../../../ui/form-field.tsx';
import { useSectionForm } from '../section-form.tsx';
import { ListingPreview } from './listing-preview.tsx';
import { useSaveListingMutation } from './directory-api.ts';
import profileStyles from '../profile.module.css';
import styles from './directory.module.css';

type FieldName = FieldPath<TListingInput>;
const FIELDS = [
  'listed',
  'facilityId',
  'specialties',
  'languages',
  'bio',
  'visitKinds',
  'onlineBooking',
] as const satisfies readonly FieldName[];

const HINTS: Partial<Record<FieldName, string>> = {
  facilityId: 'hints.facilityId',
  bio: 'hints.bio',
};

/**
 * The listing's edit form (section-form.tsx) beside a preview of the public card drawn from what
 * is typed, so the practitioner sees what patients will see before saving.
 */
export function ListingForm({
  user,
  listing,
  facilities,
  onSaved,
}: {
  user: TUser;
  listing: TListing;
  facilities: TFacility[];
  onSaved: () => void;
}) {
  const { t } = useTranslation('listing');
  const names = useDirectoryNames();
  const [saveListing] = useSaveListingMutation();
  const { register, watch, field, form, fieldId, hasError, errorText } = useSectionForm<
    TListingInput,
    TListingData,
    TListing
  >({
    namespace: 'listing',
    fields: FIELDS,
    hints: HINTS,
    resolver: zodResolver(ZListingInput),
    defaultValues: {
      listed: listing.listed,
      facilityId: listing.facilityId,
      specialties: listing.specialties,
      languages: listing.languages,
      bio: listing.bio,
      visitKinds: listing.visitKinds,
      onlineBooking: listing.onlineBooking,
    },
    update: saveListing,
    onSaved,
  });

  /** Check boxes (or radio buttons) under one legend, with the group's message. */
  const group = (
    name: 'specialties' | 'languages' | 'visitKinds' | 'onlineBooking',
    options: (NamedCode & { hint?: string })[],
    { type = 'checkbox', hint }: { type?: 'checkbox' | 'radio'; hint?: string } = {},
  ) => {
    const id = fieldId(name);
    const error = hasError(name) ? errorText(name) : undefined;
    const hintId = hint ? `${id}-hint` : undefined;
    const registered: UseFormRegisterReturn = register(name);
    return (
      <fieldset
        id={id}
        tabIndex={-1}
        className={`${profileStyles.choices} ${profileStyles.wide}`}
        {...describedControl({ describedBy: [hintId], messageOf: id, error })}
      >
        <legend>{t(`fields.${name}`)}</legend>
        {hint && (
          <p id={hintId} className={styles.muted}>
            {hint}
          </p>
        )}
        <div className={type === 'checkbox' ? styles.optionGrid : styles.optionList}>
          {options.map((option) => (
            <div key={option.code} className={profileStyles.choice}>
              <input
                type={type}
                id={`${id}-${option.code}`}
                value={option.code}
                aria-describedby={option.hint ? `${id}-${option.code}-hint` : undefined}
                {...registered}
              />
              <label htmlFor={`${id}-${option.code}`}>{option.name}</label>
              {option.hint && (
                <p id={`${id}-${option.code}-hint`} className={profileStyles.choiceHint}>
                  {option.hint}
                </p>
              )}
            </div>
          ))}
        </div>
        <FieldMessage id={id} error={error} />
      </fieldset>
    );
  };

  const typed = watch();
  const facility = facilities.find((one) => one._id === typed.facilityId) ?? null;

  return (
    <>
      {form(
        <>
          <div className={`${profileStyles.choice} ${profileStyles.wide}`}>
            <input
              type="checkbox"
              id={fieldId('listed')}
              aria-describedby={`${fieldId('listed')}-hint`}
              {...register('listed')}
            />
            <label htmlFor={fieldId('listed')}>{t('fields.listed')}</label>
            <p id={`${fieldId('listed')}-hint`} className={profileStyles.choiceHint}>
              {t('hints.listed')}
            </p>
          </div>
          {field(
            'facilityId',
            (props) => (
              <select
                {...props}
                {...register('facilityId', { setValueAs: (value: string) => value || null })}
              >
                <option value="">{t('practiceOption')}</option>
                {facilities.map((one) => (
                  <option key={one._id} value={one._id}>
                    {one.name}
                  </option>
                ))}
              </select>
            ),
            profileStyles.wide,
          )}
          {group('specialties', names.specialties, { hint: t('hints.specialties') })}
          {group('languages', names.languages, { hint: t('hints.languages') })}
          {field(
            'bio',
            (props) => (
              <textarea rows={4} dir="auto" {...props} {...register('bio')} />
            ),
            profileStyles.wide,
          )}
          {group(
            'visitKinds',
            APPOINTMENT_KINDS.map((kind) => ({ code: kind, name: t(`visitKinds.${kind}`) })),
          )}
          {group(
            'onlineBooking',
            ONLINE_BOOKING.map((choice) => ({
              code: choice,
              name: t(`booking.${choice}`),
              hint: t(`booking.hints.${choice}`),
            })),
            { type: 'radio' },
          )}
        </>,
      )}
      <ListingPreview
        user={user}
        facility={facility}
        listing={{
          specialties: arrayOf(typed.specialties),
          languages: arrayOf(typed.languages),
          bio: typed.bio ?? '',
          visitKinds: arrayOf(typed.visitKinds) as TListing['visitKinds'],
          onlineBooking: typed.onlineBooking ?? 'off',
        }}
      />
    </>
  );
}

/** A check-box group's value: react-hook-form gives `false` when none of a group is on. */
const arrayOf = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
