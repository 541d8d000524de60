import { useTranslation } from '../../i18n/use-translation.ts';
import { NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { Icon } from '../../ui/icon.tsx';
import { useGetMyLinksQuery } from './my-health-api.ts';

/**
 * The menu's 'My health', for a person linked to at least one record: the layout loads it
 * (with the API client it asks) only for a signed-in reader, so the home page of a guest does
 * not carry it. Nothing shows while the links load or when they fail: the entry is a shortcut,
 * and /my-health says itself what went wrong.
 */
export default function MyHealthMenuEntry({
  className,
  onNavigate,
}: {
  className: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const links = useGetMyLinksQuery({ viewer });
  if (!links.currentData?.length) return null;
  return (
    <li>
      <NavLink to="/my-health" className={className} onClick={onNavigate}>
        <Icon name="stethoscope" />
        {t('menu')}
      </NavLink>
    </li>
  );
}
