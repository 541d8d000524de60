import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the side menu with the header's logo button (any language) and returns it. */
export async function openSideMenu(page: Page): Promise<Locator> {
  await page.getByRole('banner').locator('button[aria-haspopup="dialog"]').click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  return menu;
}
