import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** The text of each item of `list`, in order: how a test reads a list as the reader meets it. */
export const itemTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/**
 * Reads each label of `expected` with `read` and checks the lot against `expected` as one table
 * (a failure shows every label's value, not only the first wrong one).
 */
export function expectEach(read: (label: string) => unknown, expected: Record<string, unknown>) {
  const actual = Object.fromEntries(Object.keys(expected).map((label) => [label, read(label)]));
  expect(actual).toEqual(expected);
}
