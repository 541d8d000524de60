import { expect, test } from './support/test.ts';

test('the API docs render under the portal CSP without console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("base-uri 'none'");
  await expect(page.getByRole('heading', { name: /Healthcare portal API/ })).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  expect(problems).toEqual([]);
});
