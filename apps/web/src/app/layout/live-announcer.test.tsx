import { act, render, screen } from '@testing-library/react';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { announce } from '../../lib/a11y/announcer.ts';
import { LiveAnnouncer } from './page-arrival.tsx';

describe('LiveAnnouncer', () => {
  it('reads an announcement out, and keeps none in the language the reader has just left', async () => {
    render(<LiveAnnouncer />);
    const region = screen.getByRole('status');
    act(() => announce('You have 3 unread reminders.'));
    expect(region).toHaveTextContent('You have 3 unread reminders.');

    await act(() => i18n.changeLanguage('ar'));
    expect(region).toBeEmptyDOMElement();
  });
});
