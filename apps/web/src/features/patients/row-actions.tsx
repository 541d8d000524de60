import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDisclosure } from '../../lib/a11y/disclosure.ts';
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
  const { isOpen, panelId, toggleRef, toggleProps, containerProps } = useDisclosure();

  return (
    <div className={styles.rowMenu} {...containerProps}>
      <Button
        ref={toggleRef}
        {...toggleProps}
        variant="secondary"
        className={styles.rowMenuToggle}
        aria-describedby={describedBy}
      >
        {t('list.actions')}
        <Icon name="chevron" size={16} className={styles.rowMenuChevron} />
      </Button>
      <div
        id={panelId}
        className={isOpen ? `${styles.rowActions} ${styles.rowActionsOpen}` : styles.rowActions}
      >
        {children}
      </div>
    </div>
  );
}
