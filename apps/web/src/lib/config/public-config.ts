import type { TPublicConfig } from '@portal/shared/public-config';
import { useSyncExternalStore } from 'react';
import { peekPublicConfig, subscribePublicConfig } from './load-public-config.ts';

/**
 * `GET /api/config`: the public part of the server's configuration (providers, the hospital
 * search address, the contact phone...), or `undefined` until it has arrived. Fetched once per
 * page load and kept for its life. A prerendered page is hydrated without it (the server
 * snapshot), then re-rendered when it arrives.
 */
export function usePublicConfig(): TPublicConfig | undefined {
  return useSyncExternalStore(subscribePublicConfig, peekPublicConfig, () => undefined);
}

/** A `tel:` address for a human-formatted phone number ('+1 800 555 0100' → 'tel:+18005550100'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
