import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import i18n from './i18n.ts';
import type { TFunction } from './translator.ts';
import { useTranslation } from './use-translation.ts';

function Skip({ onT }: { onT: (t: TFunction) => void }) {
  const { t } = useTranslation('common');
  useEffect(() => onT(t), [t, onT]);
  return <p>{t('skipToContent')}</p>;
}

describe('useTranslation', () => {
  it('renders again in the new language, with a new t for effects that use it', async () => {
    const onT = vi.fn();
    render(<Skip onT={onT} />);
    expect(screen.getByText('Skip to main content')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText('Zum Hauptinhalt springen')).toBeInTheDocument();
    expect(onT).toHaveBeenCalledTimes(2);
    expect(onT.mock.calls[0]![0]).not.toBe(onT.mock.calls[1]![0]);
  });
});
