/**
 * The public pages prerendered at build time, in every language (scripts/prerender.mjs):
 * the same for every visitor until the app takes over. `module` and `namespace` name the
 * page's chunk and texts, which the prerendered HTML preloads so hydration waits for nothing.
 * Pages that depend on the session or call the API are rendered in the browser only.
 */
export const PRERENDERED_PAGES = [
  { path: '/', name: 'home', module: 'src/features/home/home-page.tsx', namespace: 'home' },
  {
    path: '/login',
    name: 'login',
    module: 'src/features/auth/login-page.tsx',
    namespace: 'auth',
    // The local provider's hint is part of the page: one file per provider, chosen by the server.
    identities: ['local', 'firebase'] as const,
  },
  {
    path: '/payment-cancel',
    name: 'payment-cancel',
    module: 'src/features/premium/payment-cancel-page.tsx',
    namespace: 'premium',
  },
  ...(['privacy', 'terms'] as const).map((name) => ({
    path: `/${name}`,
    name,
    module: 'src/features/legal/legal-page.tsx',
    namespace: 'legal',
  })),
  ...(['protected', 'unauthorized', 'not-found'] as const).map((name) => ({
    path: `/${name}`,
    name,
    module: `src/features/errors/${name}-page.tsx`,
    namespace: 'common',
  })),
];

/** Loaded before any page renders (i18n/i18n.ts INITIAL_NAMESPACES). */
export const LAYOUT_NAMESPACES = ['common', 'voice', 'auth'];
