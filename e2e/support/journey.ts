import { expect, type Page } from '@playwright/test';
import { recordAnnouncements } from './keyboard.ts';
import { signInAs, type SignedInUser } from './session.ts';
import { textsOf, type Language } from './texts.ts';

/**
 * Where every keyboard journey starts: a reader of `language` (signed in unless `guest`) on
 * `pathname`, with every announcement recorded. The language is the stored one, so the app
 * re-renders a prerendered page in it. `prepare` stores what the page should show first.
 */
export async function openAs(
  page: Page,
  baseURL: string,
  language: Language,
  pathname: string,
  {
    guest = false,
    prepare,
    ...user
  }: {
    guest?: boolean;
    name?: string;
    email?: string;
    prepare?: (session: SignedInUser) => Promise<void>;
  } = {},
) {
  const session: SignedInUser | undefined = guest ? undefined : await signInAs(page, baseURL, user);
  if (session && prepare) await prepare(session);
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
  const heard = await recordAnnouncements(page);
  await page.goto(pathname);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return { t: textsOf(language), heard, main: page.getByRole('main'), session };
}
