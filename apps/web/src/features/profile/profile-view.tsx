import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { displayPhone } from '@portal/shared/phone';
import type { TUser } from '@portal/shared/user';
import { formatNumber } from '../../i18n/format.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import styles from './profile.module.css';

/** The profile's read view: name, email, age, gender, address, phone and the picture. */
export function ProfileView({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('profile');
  const missing = <span className={styles.missing}>{t('notProvided')}</span>;
  const rows: { key: string; value: ReactNode; isLtr?: boolean }[] = [
    { key: 'name', value: user.name },
    { key: 'email', value: user.email, isLtr: true },
    { key: 'age', value: user.age === null ? null : formatNumber(user.age, i18n.language) },
    { key: 'gender', value: user.gender ? t(`genders.${user.gender}`, user.gender) : null },
    { key: 'address', value: user.address },
    {
      key: 'phone',
      value: user.phone && displayPhone(user.phone, user.practice?.country),
      isLtr: true,
    },
  ];
  return (
    <div className={styles.view}>
      <ProfileAvatar picture={user.picture} alt={t('pictureAlt', { name: user.name })} />
      <dl className={styles.details}>
        {rows.map(({ key, value, isLtr }) => (
          <div key={key} className={styles.detail}>
            <dt>{t(`fields.${key}`)}</dt>
            {/* What people typed keeps its own direction (a Latin address on an Arabic page
                stays "12 Harbour Road"); e-mail and phone always read left to right. */}
            <dd>{value === null ? missing : <span dir={isLtr ? 'ltr' : 'auto'}>{value}</span>}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
