import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { currentAnnouncement } from '../lib/a11y/announcer.ts';

/** Text as read: the isolates around names left out, Intl's thin and narrow spaces plain ones. */
export const asRead = (text: string | null | undefined) =>
  text?.replace(/[\u2068\u2069]/g, '').replace(/[\u2009\u202f]/g, ' ');

/** What the announcer says now, as read. */
export const announced = () => asRead(currentAnnouncement()?.text);

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

/**
 * After a refused save: each of `fields` (its role and name in `form`) is described by its
 * message, and the first has focus. Answers the first field.
 */
export function expectRefusedFields(
  form: HTMLElement,
  fields: [role: 'textbox' | 'combobox', name: string, message: string][],
) {
  const [first] = fields.map(([role, name, message]) => {
    const field = within(form).getByRole(role, { name });
    expect(field).toHaveAccessibleDescription(message);
    return field;
  });
  expect(first).toHaveFocus();
  return first!;
}
