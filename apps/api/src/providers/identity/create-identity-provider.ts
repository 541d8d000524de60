import type { Config } from '../../config.ts';
import { createFirebaseIdentityProvider } from './firebase.ts';
import type { IdentityProvider } from './identity.ts';
import type { Db } from '../../db/client.ts';
import { createLocalIdentityProvider } from './local.ts';
import { loadLocalSigningKey } from './local-signing-key.ts';

/** Chosen by AUTH_PROVIDER. Local sign-in mints tokens for anyone, so never in production. */
export async function createIdentityProvider(
  config: Pick<
    Config,
    'AUTH_PROVIDER' | 'NODE_ENV' | 'FIREBASE_PROJECT_ID' | 'dataDir' | 'PUBLIC_URL'
  >,
  { db }: { db: Db },
): Promise<IdentityProvider> {
  if (config.AUTH_PROVIDER === 'firebase') {
    if (!config.FIREBASE_PROJECT_ID) throw new Error('FIREBASE_PROJECT_ID is required');
    return createFirebaseIdentityProvider({ projectId: config.FIREBASE_PROJECT_ID });
  }
  // loadConfig already refuses this; checked again here so no other caller can skip it.
  if (config.NODE_ENV === 'production') {
    throw new Error('AUTH_PROVIDER=local is refused when NODE_ENV=production: use firebase');
  }
  return createLocalIdentityProvider({
    privateJwk: await loadLocalSigningKey(db, { dataDir: config.dataDir }),
    publicUrl: config.PUBLIC_URL,
  });
}
