import type { ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { selectIsSignedIn } from '../../lib/session/auth-slice.ts';
import type { SignInIntent } from '../../lib/session/sign-in-intent.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import column from '../../ui/page-column.module.css';
import pageStyles from '../../ui/page.module.css';
import { MyMedicines } from './my-medicines.tsx';
import type { PharmacyPickerSlot } from './send-to-pharmacy.tsx';
import styles from './medicines.module.css';

/**
 * `/buy-medicine` (the home tile and the menu's Medicines): a signed-in person's active
 * prescriptions in each record linked to them, each with its verification code, a refill to ask
 * for and a pharmacy to send it to, then where it stands (sent, ready for pickup, dispensed). A
 * guest reads what the page does and is asked to sign in, coming back here. Payment is at the
 * pharmacy: the page says so before anything else.
 */
export function BuyMedicinePage({ pharmacyPicker }: { pharmacyPicker: PharmacyPickerSlot }) {
  const { t } = useTranslation('medicines');
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return (
    <div className={column.column}>
      <div className={`${pageStyles.card} ${styles.page}`}>
        <h1 tabIndex={-1}>{t('buy.title')}</h1>
        <p>{t('buy.intro')}</p>
        <p className={styles.note}>
          <Icon name="receipt" size={18} /> {t('buy.payment')}
        </p>
        {isSignedIn ? <MyMedicines pharmacyPicker={pharmacyPicker} /> : <GuestIntro />}
      </div>
    </div>
  );
}

function GuestIntro(): ReactNode {
  const { t } = useTranslation('medicines');
  const intent: SignInIntent = { returnTo: '/buy-medicine' };
  return (
    <section className={styles.page} aria-labelledby="buy-how">
      <h2 id="buy-how">{t('buy.guestSteps.title')}</h2>
      <ol className={styles.howList}>
        <li>{t('buy.guestSteps.one')}</li>
        <li>{t('buy.guestSteps.two')}</li>
        <li>{t('buy.guestSteps.three')}</li>
      </ol>
      <div>
        <ButtonLink to="/login" state={intent}>
          {t('buy.signIn')}
        </ButtonLink>
      </div>
    </section>
  );
}
