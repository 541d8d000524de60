import type { IdentityClient } from './identity-client.ts';

type ProviderName = IdentityClient['name'];

let prerenderProvider: ProviderName | undefined;

/** The prerender (prerender/render-page.tsx) renders a page as if this provider were in use. */
export function setPrerenderProvider(name: ProviderName | undefined): void {
  prerenderProvider = name;
}

/**
 * The sign-in provider a prerendered page was rendered for (`data-identity` on #root; the
 * server sends the variant of its configuration), so the page can show what depends on it
 * before the provider's code has loaded, and hydrate exactly what was prerendered. Undefined
 * when the page was not prerendered for a provider.
 */
export function prerenderedProvider(): ProviderName | undefined {
  if (typeof document === 'undefined') return prerenderProvider;
  const name = document.getElementById('root')?.dataset.identity;
  return name === 'local' || name === 'firebase' ? name : undefined;
}
