import type { APIRequestContext } from '@playwright/test';

/** The portal's public configuration, as the app reads it. */
export async function publicConfig(request: APIRequestContext, baseURL: string) {
  const response = await request.get(`${baseURL}/api/config`);
  return (await response.json()) as { contactPhone: string };
}
