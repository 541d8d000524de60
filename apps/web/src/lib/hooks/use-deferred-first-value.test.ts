import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredFirstValue } from './use-deferred-first-value.ts';

describe('useDeferredFirstValue', () => {
  it('shows a later value in the render that receives it, and nothing in place of a cleared one', async () => {
    const seen: Array<string | undefined> = [];
    const { rerender } = renderHook(
      ({ value }: { value: string | undefined }) => {
        const shown = useDeferredFirstValue(value);
        seen.push(shown);
        return shown;
      },
      { initialProps: { value: undefined as string | undefined } },
    );
    await act(async () => rerender({ value: 'first' }));
    expect(seen.at(-1)).toBe('first');
    const before = seen.length;
    await act(async () => rerender({ value: 'saved' }));
    // Every render after the save shows the saved value: never the earlier one again.
    expect(seen.slice(before)).toEqual(seen.slice(before).map(() => 'saved'));
    await act(async () => rerender({ value: undefined }));
    expect(seen.at(-1)).toBeUndefined();
    expect(seen.filter((value) => value === 'first').length).toBeGreaterThan(0);
  });

  it('renders the first arrival first without it, then with it (in a transition)', async () => {
    const seen: Array<string | undefined> = [];
    const { rerender } = renderHook(
      ({ value }: { value: string | undefined }) => {
        seen.push(useDeferredFirstValue(value));
      },
      { initialProps: { value: undefined as string | undefined } },
    );
    await act(async () => rerender({ value: 'first' }));
    expect(seen).toEqual([undefined, undefined, 'first']);
  });
});
