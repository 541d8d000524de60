import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { currentAnnouncement } from '../lib/a11y/announcer.ts';
import { CopyButton } from './copy-button.tsx';

const URL = 'https://portal.example/join/abc';
const TEXTS = { copy: 'Copy address', copied: 'Copied.', copyByHand: 'Copy it by hand.' };

function Field() {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={ref} aria-label="Address" readOnly value={URL} />
      <CopyButton text={URL} field={ref} texts={TEXTS} />
    </>
  );
}

describe('CopyButton', () => {
  it('copies the text and announces it', async () => {
    const person = userEvent.setup();
    render(<Field />);
    await person.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(URL);
    expect(currentAnnouncement()?.text).toBe('Copied.');
  });

  it('focuses the field and says to copy by hand when the clipboard refuses', async () => {
    const person = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<Field />);
    await person.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveFocus();
    expect(currentAnnouncement()?.text).toBe('Copy it by hand.');
  });
});
