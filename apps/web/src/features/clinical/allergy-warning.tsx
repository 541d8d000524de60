import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TAllergyWarning } from '@portal/shared/prescription';
import { describedControl, FieldMessage } from '../../ui/form-field.tsx';
import { allergyMatchText } from './allergy-match-text.ts';
import styles from './clinical.module.css';

/**
 * The allergy warning as a question: the allergies the medication meets, each with why (its
 * drug class; a cross-reactive class is marked as a caution), and a box the prescriber must tick
 * before the prescription can be saved. It takes focus when it appears, so it is read at once.
 */
export function AllergyWarning({
  id,
  medication,
  allergies,
  isAcknowledged,
  onAcknowledge,
  error,
}: {
  id: string;
  /** The medication as the prescriber typed it. */
  medication: string;
  allergies: TAllergyWarning['allergies'];
  isAcknowledged: boolean;
  onAcknowledge: (isAcknowledged: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation('clinical');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className={styles.warning}
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className={styles.name}>
        {t('warning.title')}
      </p>
      <ul>
        {allergies.map((allergy) => (
          <li
            key={allergy.allergyId}
            className={allergy.level === 'caution' ? styles.caution : undefined}
          >
            <bdi>
              {[allergy.substance, t(`severity.${allergy.severity}`), allergy.reaction]
                .filter(Boolean)
                .join(' · ')}
            </bdi>
            <span className={styles.reason}>{allergyMatchText(t, { medication, ...allergy })}</span>
          </li>
        ))}
      </ul>
      <label className={styles.check}>
        <input
          id={id}
          type="checkbox"
          checked={isAcknowledged}
          onChange={(event) => onAcknowledge(event.target.checked)}
          {...describedControl({ messageOf: id, error })}
        />
        <span>{t('warning.acknowledge')}</span>
      </label>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
