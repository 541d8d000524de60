import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';

/**
 * A button that shows and hides a panel beside it (the disclosure pattern): `aria-expanded` and
 * `aria-controls` on the button, Escape closes the panel and gives focus back to the button, and
 * with `closesOnLeave` focus leaving the whole (Tab or a click elsewhere) closes it too, so a
 * popup never lingers over the page. Once opened, focus goes to the panel's first control
 * matching `focusOnOpen`. Give the button `ref={toggleRef}` and spread `toggleProps` on it,
 * spread `containerProps` on the element holding both, and give the panel `id={panelId}` and
 * `ref={panelRef}`.
 */
export function useDisclosure<Panel extends HTMLElement = HTMLElement>({
  closesOnLeave = false,
  focusOnOpen,
}: { closesOnLeave?: boolean; focusOnOpen?: string } = {}) {
  const [isOpen, setIsOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef: RefObject<Panel | null> = useRef<Panel>(null);
  const panelId = useId();

  useEffect(() => {
    if (isOpen && focusOnOpen) panelRef.current?.querySelector<HTMLElement>(focusOnOpen)?.focus();
  }, [isOpen, focusOnOpen]);

  const close = () => {
    setIsOpen(false);
    toggleRef.current?.focus();
  };

  return {
    isOpen,
    /** Closes without moving focus (a choice in the panel that leads elsewhere). */
    fold: () => setIsOpen(false),
    close,
    panelId,
    panelRef,
    toggleRef,
    toggleProps: {
      'aria-expanded': isOpen,
      'aria-controls': panelId,
      onClick: () => setIsOpen((open) => !open),
    },
    containerProps: {
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key !== 'Escape' || !isOpen) return;
        event.preventDefault();
        event.stopPropagation();
        close();
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (closesOnLeave && isOpen && !event.currentTarget.contains(event.relatedTarget))
          setIsOpen(false);
      },
    },
  };
}
