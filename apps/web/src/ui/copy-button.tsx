import type { RefObject } from 'react';
import { announce } from '../lib/a11y/announcer.ts';
import { Button } from './button.tsx';

/**
 * Copies `text` and says so. Without a clipboard (permissions, an old browser) it focuses
 * `field`, whose text is selected on focus, so the reader can copy it by hand.
 */
export function CopyButton({
  text,
  field,
  texts,
}: {
  text: string;
  field: RefObject<HTMLInputElement | null>;
  texts: { copy: string; copied: string; copyByHand: string };
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      announce(texts.copied);
    } catch {
      field.current?.focus();
      announce(texts.copyByHand);
    }
  }

  return <Button onClick={() => void copy()}>{texts.copy}</Button>;
}
