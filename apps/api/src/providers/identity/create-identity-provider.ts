import type { Config } from '../../config.ts';
import { createFirebaseIdentityProvider } from './firebase.ts';
import type { IdentityProvider } from './identity.ts';
import { createLocalIdentityProvider } from './local.ts';

export async function createIdentityProvider(config: Config): Promise<IdentityProvider> {
  if (config.AUTH_PROVIDER === 'firebase') {
    return createFirebaseIdentityProvider({ projectId: config.FIREBASE_PROJECT_ID! });
  }
  return createLocalIdentityProvider({ dataDir: config.dataDir, publicUrl: config.PUBLIC_URL });
}
