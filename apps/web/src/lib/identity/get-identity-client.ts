import type { IdentityClient } from './identity-client.ts';
import { loadPublicConfig } from '../config/load-public-config.ts';

let loading: Promise<IdentityClient> | undefined;
let loaded: IdentityClient | undefined;

/**
 * The provider named by `GET /api/config`. Each implementation is its own chunk, loaded
 * on first use: the Firebase SDK never reaches the home page's bundle.
 */
export function getIdentityClient(): Promise<IdentityClient> {
  loading ??= loadPublicConfig()
    .then(async (config): Promise<IdentityClient> => {
      if (config.authProvider === 'firebase') {
        if (!config.firebase) throw new Error('GET /api/config has no firebase settings');
        const { createFirebaseIdentityClient } = await import('./firebase-client.ts');
        return createFirebaseIdentityClient(config.firebase);
      }
      const { createLocalIdentityClient } = await import('./local-client.ts');
      return createLocalIdentityClient();
    })
    .then((client) => (loaded = client))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The provider if something already loaded it; never triggers a download. */
export function peekIdentityClient(): IdentityClient | undefined {
  return loaded;
}

/** Tests put a fake provider in place (or remove it with undefined). */
export function setIdentityClient(client: IdentityClient | undefined): void {
  loaded = client;
  loading = client ? Promise.resolve(client) : undefined;
}
