import { within } from '@testing-library/react';

/** The text of each item of `list`, in order: how a test reads a list as the reader meets it. */
export const itemTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
