import { describe, expect, it } from 'vitest';
import { i18nReady } from './i18n.ts';
import { LANGUAGE_COOKIE } from './languages.ts';

describe('the app translator', () => {
  it('stores the first language in the cookie, as the server reads it for its own pages', async () => {
    await i18nReady;
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
    expect(document.documentElement.lang).toBe('en');
  });
});
