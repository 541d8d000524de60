import { useId, type Ref } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from './form-field.module.css';

export interface SummaryItem {
  /** The id of the field's control: each line links to it. */
  fieldId: string;
  text: string;
}

/**
 * The one summary a form shows after a submit that found problems. It receives focus (the
 * form calls `focus()` on `ref`), so a screen reader reads the count and the list once,
 * instead of one alert per field all at the same moment; each line moves focus to its field.
 */
export function ErrorSummary({ items, ref }: { items: SummaryItem[]; ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-labelledby={titleId} className={styles.summary}>
      <p id={titleId} className={styles.summaryTitle}>
        {t('form.summary', { count: items.length })}
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.fieldId}>
            <a
              href={`#${item.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(item.fieldId)?.focus();
              }}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
