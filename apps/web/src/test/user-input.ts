import type { UserEvent } from '@testing-library/user-event';

/** Replaces a field's text in one input event: much faster than typing key by key. */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}
