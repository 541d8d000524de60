import { NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../../ui/icon.tsx';
import { useGetMyPharmaciesQuery, useGetRefillCountQuery } from './medicines-api.ts';
import styles from './medicines.module.css';

/**
 * The menu's 'Pharmacy', for the staff of an approved pharmacy: the layout loads it (with the
 * API client it asks) only for a signed-in reader. Nothing shows while it loads or on failure.
 */
export function PharmacyMenuEntry({
  className,
  onNavigate,
}: {
  className: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const pharmacies = useGetMyPharmaciesQuery({ viewer });
  if (!pharmacies.currentData?.length) return null;
  return (
    <li>
      <NavLink to="/pharmacy" className={className} onClick={onNavigate}>
        <Icon name="pill" />
        {t('menu.pharmacy')}
      </NavLink>
    </li>
  );
}

/** How many refill requests wait for the practitioner, beside Records; nothing while none. */
export function RefillCount() {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const count = useGetRefillCountQuery({ viewer }).currentData?.open ?? 0;
  if (count === 0) return null;
  return (
    <span className={styles.menuCount}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">
        {', '}
        {t('practitioner.menuCount', { count })}
      </span>
    </span>
  );
}
