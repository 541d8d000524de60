import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { markPageHydrated } from '../hydration/page-hydrated.ts';
import { useOneAtATime } from './use-after-idle.ts';

beforeAll(() => markPageHydrated());

describe('useOneAtATime', () => {
  it('shows the first parts at once, then one more at a time up to all of them', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useOneAtATime({ key: 'patient-1', total: 4, first: 2, isAll: false });
      seen.push(shown);
      return shown;
    });
    expect(seen[0]).toBe(2);
    await waitFor(() => expect(result.current).toBe(4));
    // Never more than one part added in one render, never fewer parts than before.
    expect(new Set(seen)).toEqual(new Set([2, 3, 4]));
    expect([...seen].sort()).toEqual(seen);
  });

  it('shows every part at once, and from then on, when asked to', async () => {
    const { result, rerender } = renderHook(
      ({ isAll }: { isAll: boolean }) =>
        useOneAtATime({ key: 'patient-2', total: 5, first: 1, isAll }),
      { initialProps: { isAll: true } },
    );
    expect(result.current).toBe(5);
    rerender({ isAll: false });
    expect(result.current).toBe(5);
  });

  it('shows the parts already shown for the same key at once when they mount again', async () => {
    const first = renderHook(() =>
      useOneAtATime({ key: 'patient-3', total: 3, first: 1, isAll: false }),
    );
    await waitFor(() => expect(first.result.current).toBe(3));
    first.unmount();
    const again = renderHook(() =>
      useOneAtATime({ key: 'patient-3', total: 3, first: 1, isAll: false }),
    );
    expect(again.result.current).toBe(3);
  });
});
