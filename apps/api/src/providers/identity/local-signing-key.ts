import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { localIdentityKeys } from '../../db/schema/cluster.ts';
import { generateLocalSigningKey } from './local.ts';

const KEY_ID = 'local-sign-in';
/** Where versions before the database-held key kept it: adopted once, so tokens stay valid. */
const LEGACY_KEY_FILE = 'local-auth-key.json';

/**
 * The local sign-in key, the same for every instance on the database: the first instance to
 * start stores one (adopting `DATA_DIR/local-auth-key.json` when an older version left one);
 * instances racing to do so all end up with the stored one.
 */
export async function loadLocalSigningKey(db: Db, { dataDir }: { dataDir?: string } = {}) {
  const stored = await db
    .select({ privateJwk: localIdentityKeys.privateJwk })
    .from(localIdentityKeys)
    .where(eq(localIdentityKeys.id, KEY_ID));
  if (stored[0]) return stored[0].privateJwk as JWK;
  const legacyFile = dataDir && path.join(dataDir, LEGACY_KEY_FILE);
  const candidate =
    legacyFile && fs.existsSync(legacyFile)
      ? (JSON.parse(fs.readFileSync(legacyFile, 'utf8')) as JWK)
      : await generateLocalSigningKey();
  const [row] = await db
    .insert(localIdentityKeys)
    .values({ id: KEY_ID, privateJwk: candidate })
    .onConflictDoUpdate({
      // A no-op update, so `returning` gives the row that won a race.
      target: localIdentityKeys.id,
      set: { id: KEY_ID },
    })
    .returning({ privateJwk: localIdentityKeys.privateJwk });
  return row!.privateJwk as JWK;
}
