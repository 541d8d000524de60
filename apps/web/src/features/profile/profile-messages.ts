import type { TFunction } from 'i18next';
import { PROFILE_MESSAGES, type TProfileMessageKey } from '@portal/shared/profile';

const KEY_BY_MESSAGE = new Map<string, TProfileMessageKey>(
  Object.entries(PROFILE_MESSAGES).map(([key, message]) => [message, key as TProfileMessageKey]),
);

/**
 * The shared schema and the API speak English (the spec's exact texts); the form shows them in
 * the reader's language. Unknown texts (another server's wording) fall back to `fallback`.
 */
export function translateProfileMessage(
  t: TFunction<'profile'>,
  message: string | undefined,
  fallback = 'save.invalid',
): string {
  const key = message ? KEY_BY_MESSAGE.get(message) : undefined;
  return key ? t(`messages.${key}`) : t(fallback);
}
