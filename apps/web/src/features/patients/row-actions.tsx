import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import styles from './patients.module.css';

/**
 * A row's buttons: side by side on a wide screen; on a phone folded behind one "Actions" button
 * (a disclosure), so a row is one line of name and one button rather than three buttons wrapping.
 * Escape folds them and gives focus back to the button. `describedBy` names whose row it is.
 */
export function RowActions({
  describedBy,
  children,
}: {
  describedBy: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('records');
  const [isOpen, setIsOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const actionsId = useId();

  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    setIsOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className={styles.rowMenu} onKeyDown={closeOnEscape}>
      <Button
        ref={toggleRef}
        variant="secondary"
        className={styles.rowMenuToggle}
        aria-expanded={isOpen}
        aria-controls={actionsId}
        aria-describedby={describedBy}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('list.actions')}
        <Icon name="chevron" size={16} className={styles.rowMenuChevron} />
      </Button>
      <div
        id={actionsId}
        className={isOpen ? `${styles.rowActions} ${styles.rowActionsOpen}` : styles.rowActions}
      >
        {children}
      </div>
    </div>
  );
}
