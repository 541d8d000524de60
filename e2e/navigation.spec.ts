import { builtFileOf } from './support/built-files.ts';
import { expect, test } from './support/test.ts';

test.describe('a visitor finds their way', () => {
  test('home loads with no console errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an unknown path shows the 404 text', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText("Oops! The page you are looking for doesn't exist.")).toBeVisible();
    await page.goto('/not-found');
    await expect(page.getByText("Oops! The page you are looking for doesn't exist.")).toBeVisible();
  });

  test('reloading a deep link serves the app, not a server 404', async ({ page }) => {
    const response = await page.goto('/unauthorized');
    expect(response?.status()).toBe(200);
    await page.reload();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  test('the login-required page links to login', async ({ page }) => {
    await page.goto('/protected');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  test('unknown /api paths stay JSON 404', async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/api/nothing-here`);
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  test('a thrown render error shows the global error screen with Reload', async ({ page }) => {
    // Serve the 404 page's chunk as a component that throws while rendering.
    const chunk = builtFileOf('src/features/errors/not-found-page.tsx');
    await page.route(
      (url) => url.pathname === `/${chunk}`,
      (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: 'export function NotFoundPage() { throw new Error("Simulated render failure"); }',
        }),
    );
    await page.goto('/not-found');
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeVisible();
    await expect(page.getByText('Simulated render failure', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await page.getByText('Error details').click();
    await expect(page.locator('details pre')).toBeVisible();
  });
});
