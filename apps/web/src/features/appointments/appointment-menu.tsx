import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDisclosure } from '../../lib/a11y/disclosure.ts';
import { Button } from '../../ui/button.tsx';
import popup from '../../ui/popup.module.css';
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
  const { isOpen, fold, panelId, panelRef, toggleRef, toggleProps, containerProps } =
    useDisclosure<HTMLUListElement>({ closesOnLeave: true, focusOnOpen: 'button' });

  // The arrow keys move between the choices.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    containerProps.onKeyDown(event);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (!isOpen || !step || !panelRef.current) return;
    event.preventDefault();
    const buttons = [...panelRef.current.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
  }

  return (
    <div className={styles.menu} onKeyDown={onKeyDown} onBlur={containerProps.onBlur}>
      <Button
        ref={toggleRef}
        {...toggleProps}
        variant="secondary"
        className={styles.menuButton}
        aria-describedby={describedBy}
      >
        {t('agenda.actions')}
        <span aria-hidden="true"> ▾</span>
      </Button>
      <ul
        id={panelId}
        ref={panelRef}
        className={`${popup.list} ${styles.menuList}`}
        hidden={!isOpen}
      >
        {choices.map((choice) => (
          <li key={choice.key}>
            <button
              type="button"
              className={popup.choice}
              aria-describedby={describedBy}
              aria-disabled={isBusy || undefined}
              onClick={() => {
                if (isBusy) return;
                fold();
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
