import { zodResolver } from '@hookform/resolvers/zod';
import {
  FACILITY_KINDS,
  ZFacilityInput,
  type TFacility,
  type TFacilityData,
  type TFacilityInput,
} from '@portal/shared/directory';
import type { TUser } from '@portal/shared/user';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useCountryNames } from '../practice-form.tsx';
import { useSectionForm } from '../section-form.tsx';
import { useCreateFacilityMutation } from './directory-api.ts';
import profileStyles from '../profile.module.css';

const FIELDS = ['kind', 'name', 'address', 'city', 'country', 'phone'] as const;

/** A new facility (section-form.tsx); the country starts as the practice's. */
export function FacilityForm({ user, onSaved }: { user: TUser; onSaved: () => void }) {
  const { t } = useTranslation('facilities');
  const countries = useCountryNames();
  const [createFacility] = useCreateFacilityMutation();
  const { register, field, input, form } = useSectionForm<TFacilityInput, TFacilityData, TFacility>(
    {
      namespace: 'facilities',
      fields: FIELDS,
      hints: { address: 'hints.address', phone: 'hints.phone' },
      resolver: zodResolver(ZFacilityInput),
      defaultValues: {
        kind: 'clinic',
        name: '',
        address: '',
        city: '',
        country: user.practice.country ?? '',
        phone: '',
      },
      update: createFacility,
      onSaved,
    },
  );

  return form(
    <>
      {field('kind', (props) => (
        <select {...props} {...register('kind')}>
          {FACILITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      ))}
      {input('name', { type: 'text', dir: 'auto', autoComplete: 'organization' })}
      {field(
        'address',
        (props) => (
          <textarea
            rows={2}
            dir="auto"
            autoComplete="street-address"
            {...props}
            {...register('address')}
          />
        ),
        profileStyles.wide,
      )}
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
    </>,
  );
}
