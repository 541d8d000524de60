import { Fragment, lazy, Suspense, useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import i18n from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { NavLink } from 'react-router';
import { selectIsSignedIn } from '../../lib/session/auth-slice.ts';
import { useAppSelector } from '../hooks.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { trapTab } from './focus-trap.ts';
import styles from './side-menu.module.css';

// A signed-in reader's 'My health' asks the API whether they are linked to a record: its own
// chunk with its texts, never loaded for a guest.
const MyHealthMenuEntry = lazy(() =>
  Promise.all([
    import('../../features/my-health/my-health-menu-entry.tsx'),
    i18n.loadNamespaces('myHealth'),
  ]).then(([module]) => module),
);

// A pharmacy's staff get 'Pharmacy', a practitioner the count of refill requests beside
// Records: one chunk with its texts, loaded only for a signed-in reader.
const medicinesMenu = () =>
  Promise.all([
    import('../../features/medicines/medicines-menu.tsx'),
    i18n.loadNamespaces('medicines'),
  ]).then(([module]) => module);
const PharmacyMenuEntry = lazy(() =>
  medicinesMenu().then((module) => ({ default: module.PharmacyMenuEntry })),
);
const RefillCount = lazy(() => medicinesMenu().then((module) => ({ default: module.RefillCount })));

/**
 * The slide-in side menu, a modal dialog: it takes focus when it opens, keeps
 * Tab inside, closes on Escape, the close button or a click outside, and gives focus back to
 * the logo button (`returnFocusRef`) when it closes.
 */
export function SideMenu({
  isOpen,
  onClose,
  returnFocusRef,
}: {
  isOpen: boolean;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && panelRef.current) {
      trapTab(event, panelRef.current);
    }
  });
  const restoreFocus = useEffectEvent(() => returnFocusRef.current?.focus());

  useEffect(() => {
    if (!isOpen) return;
    closeButtonRef.current?.focus();
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      restoreFocus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return (
    <>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('menu.title')}
        className={styles.panel}
      >
        <div className={styles.top}>
          <Greeting />
          <button
            ref={closeButtonRef}
            type="button"
            className={styles.close}
            aria-label={t('menu.close')}
            onClick={onClose}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
        <PremiumButton onNavigate={onClose} />
        <MenuEntries onNavigate={onClose} />
      </div>
    </>
  );
}

function Greeting() {
  const { t } = useTranslation();
  const { status, userData } = useAppSelector((state) => state.auth);
  const isSignedIn = status && userData !== null;
  return (
    <div className={styles.greeting}>
      <h2 className={styles.hello}>
        {t('menu.hello', { name: userData?.name || t('menu.guest') })}
      </h2>
      {isSignedIn && <p className={styles.welcome}>{t('menu.welcomeBack')}</p>}
    </div>
  );
}

/** 'Premiumed' and inert for a premium member, otherwise a way to /premier. */
function PremiumButton({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const isPremium = useAppSelector((state) => state.auth.userData?.premiumMember === true);
  if (isPremium)
    return (
      <button
        type="button"
        className={`${styles.premium} ${styles.premiumed}`}
        aria-disabled="true"
      >
        <Icon name="check" />
        {t('menu.premiumed')}
      </button>
    );
  return (
    <NavLink to="/premier" className={styles.premium} onClick={onNavigate}>
      <Icon name="star" />
      {t('menu.premier')}
    </NavLink>
  );
}

function MenuEntries({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const isPremium = useAppSelector((state) => state.auth.userData?.premiumMember === true);
  // The account's own answer says whether it reviews the directory: the route is never probed.
  const isReviewer = useAppSelector((state) => state.auth.userData?.isDirectoryReviewer === true);
  const entries: { to: string; label: string; icon: IconName }[] = [
    { to: '/', label: t('menu.home'), icon: 'home' },
    { to: '/records', label: t('menu.records'), icon: 'patients' },
    { to: '/appointments', label: t('menu.appointments'), icon: 'calendar' },
    // A patient's prescriptions sent to a pharmacy; a guest reads what it does there.
    { to: '/buy-medicine', label: t('menu.medicines'), icon: 'pill' },
    { to: '/premier/transactions', label: t('menu.transactionHistory'), icon: 'receipt' },
    // The premium search: a member's entry; others meet it on the premium page.
    ...(isPremium ? [{ to: '/search', label: t('menu.search'), icon: 'search' as const }] : []),
    // Members' due care-plan activities; others find care plans explained in a patient's details.
    ...(isPremium ? [{ to: '/today', label: t('menu.today'), icon: 'calendar' as const }] : []),
    ...(isSignedIn ? [{ to: '/messages', label: t('menu.messages'), icon: 'mail' as const }] : []),
    ...(isSignedIn && isReviewer
      ? [{ to: '/directory/review', label: t('menu.directoryReview'), icon: 'check' as const }]
      : []),
    { to: '/support', label: t('menu.support'), icon: 'support' },
    ...(isSignedIn
      ? [
          { to: '/userProfile', label: t('menu.viewProfile'), icon: 'user' as const },
          { to: '/logout', label: t('menu.logout'), icon: 'logout' as const },
        ]
      : [{ to: '/login', label: t('menu.login'), icon: 'login' as const }]),
  ];
  return (
    <nav aria-label={t('menu.navigation')}>
      <ul className={styles.list}>
        {entries.map((entry, index) => (
          <Fragment key={entry.to}>
            <li>
              <NavLink to={entry.to} end className={styles.entry} onClick={onNavigate}>
                <Icon name={entry.icon} />
                {entry.label}
                {entry.to === '/records' && isSignedIn && (
                  <Suspense>
                    <RefillCount />
                  </Suspense>
                )}
              </NavLink>
            </li>
            {entry.to === '/buy-medicine' && isSignedIn && (
              <Suspense>
                <PharmacyMenuEntry className={styles.entry} onNavigate={onNavigate} />
              </Suspense>
            )}
            {index === 0 && isSignedIn && (
              <Suspense>
                <MyHealthMenuEntry className={styles.entry} onNavigate={onNavigate} />
              </Suspense>
            )}
          </Fragment>
        ))}
      </ul>
    </nav>
  );
}
