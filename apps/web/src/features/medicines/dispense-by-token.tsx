import { useId, useState, type FormEvent } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import { useDispenseByTokenMutation, useGetMyPharmaciesQuery } from './medicines-api.ts';
import type { TPrescriptionVerification } from './medicines-types.ts';
import { refusalKeyOf } from './refusal-key.ts';
import { useOutcome } from './use-outcome.tsx';
import styles from './medicines.module.css';

/**
 * 'Mark dispensed', for the staff of an approved pharmacy (the facilities the account's own
 * answer lists): they choose which of their pharmacies hands it over. Offered only while the
 * prescription may be dispensed; a refusal (someone dispensed it meanwhile) is said in words.
 */
export function DispenseByToken({
  token,
  verification,
}: {
  token: string;
  verification: TPrescriptionVerification;
}) {
  const { t } = useTranslation('medicines');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const pharmacies = useGetMyPharmaciesQuery({ viewer });
  const [dispense, state] = useDispenseByTokenMutation();
  const outcome = useOutcome();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const list = pharmacies.currentData ?? [];
  if (list.length === 0) return null;
  const isDispensable =
    verification.status === 'active' ||
    (verification.status === 'completed' && !verification.expired);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const facilityId = chosen || list[0]!._id;
    try {
      await dispense({ token, facilityId }).unwrap();
      outcome.succeeded(t('dispense.done'));
    } catch (error) {
      outcome.failed(t(refusalKeyOf(apiErrorOf(error)?.code)));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>{t('dispense.title')}</h2>
      {outcome.view}
      {isDispensable && (
        <form onSubmit={(event) => void submit(event)} className={styles.inlineForm}>
          {list.length > 1 ? (
            <div className={styles.field}>
              <label htmlFor={selectId}>{t('dispense.pharmacy')}</label>
              <select
                id={selectId}
                value={chosen || list[0]!._id}
                onChange={(event) => setChosen(event.target.value)}
              >
                {list.map((pharmacy) => (
                  <option key={pharmacy._id} value={pharmacy._id}>
                    {pharmacy.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p>{t('dispense.asPharmacy', { pharmacy: list[0]!.name })}</p>
          )}
          <Button type="submit" disabled={state.isLoading}>
            {state.isLoading ? t('dispense.busy') : t('dispense.submit')}
          </Button>
        </form>
      )}
      {!isDispensable && verification.status !== 'dispensed' && (
        <p>{t('dispense.notDispensable')}</p>
      )}
    </section>
  );
}
