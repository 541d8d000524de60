import { expect, type Locator, type Page } from '@playwright/test';

/** The header's logo button, which opens the side menu, in any language. */
export const menuButton = (page: Page) =>
  page.getByRole('banner').locator('button[aria-haspopup="dialog"]');

/** Opens the side menu with the header's logo button (any language) and returns it. */
export async function openSideMenu(page: Page): Promise<Locator> {
  await menuButton(page).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  return menu;
}
