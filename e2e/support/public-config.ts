import type { APIRequestContext, Page } from '@playwright/test';

/** The portal's public configuration, as the app reads it. */
export async function publicConfig(request: APIRequestContext, baseURL: string) {
  const response = await request.get(`${baseURL}/api/config`);
  return (await response.json()) as { hospitalSearchUrl: string; contactPhone: string };
}

/**
 * Stands in for the configured hospital site (`hospitalSearchUrl`) with a page headed "Hospital
 * search"; answers the address of every search sent to it, in order.
 */
export async function fakeHospitalSearch(page: Page, hospitalSearchUrl: string) {
  const searches: string[] = [];
  await page.route(`${hospitalSearchUrl}**`, (route) => {
    searches.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<h1>Hospital search</h1>' });
  });
  return searches;
}
