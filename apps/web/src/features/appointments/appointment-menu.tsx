import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import styles from './appointments.module.css';

export interface MenuChoice {
  key: string;
  label: string;
  onChoose: () => void;
}

/**
 * An appointment's actions behind one button (a disclosure: `aria-expanded`, `aria-controls`),
 * so a card in the time grid holds one control instead of a stack of them. Escape closes it and
 * puts focus back on the button; the arrow keys move between its choices.
 */
export function AppointmentMenu({
  describedBy,
  choices,
  isBusy,
}: {
  describedBy: string;
  choices: readonly MenuChoice[];
  isBusy: boolean;
}) {
  const { t } = useTranslation('appointments');
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (isOpen) listRef.current?.querySelector('button')?.focus();
  }, [isOpen]);

  function close() {
    setIsOpen(false);
    buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!isOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (!step || !listRef.current) return;
    event.preventDefault();
    const buttons = [...listRef.current.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
  }

  return (
    <div
      className={styles.menu}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing or clicking away closes it, as it would any popup.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <Button
        ref={buttonRef}
        variant="secondary"
        className={styles.menuButton}
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-describedby={describedBy}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('agenda.actions')}
        <span aria-hidden="true"> ▾</span>
      </Button>
      <ul id={menuId} ref={listRef} className={styles.menuList} hidden={!isOpen}>
        {choices.map((choice) => (
          <li key={choice.key}>
            <button
              type="button"
              className={styles.menuChoice}
              aria-describedby={describedBy}
              aria-disabled={isBusy || undefined}
              onClick={() => {
                if (isBusy) return;
                setIsOpen(false);
                choice.onChoose();
              }}
            >
              {choice.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
