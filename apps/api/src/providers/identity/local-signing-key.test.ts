import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, useTestDatabase } from '../../../test/database.ts';
import { createLocalIdentityProvider, generateLocalSigningKey } from './local.ts';
import { loadLocalSigningKey } from './local-signing-key.ts';

const database = useTestDatabase();

describe('the local sign-in key', () => {
  it('is the same for every instance on the database, even when they start together', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => loadLocalSigningKey(database.db)));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    const [a, b] = await Promise.all(
      keys
        .slice(0, 2)
        .map((privateJwk) =>
          createLocalIdentityProvider({ privateJwk, publicUrl: 'http://localhost:3000' }),
        ),
    );
    const { idToken } = await a!.issueIdToken({ email: 'one@example.test', name: 'One' });
    expect((await b!.verifyIdToken(idToken)).email).toBe('one@example.test');
  });

  it('adopts the key an older version kept in DATA_DIR, so its tokens stay valid', async () => {
    const fresh = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-legacy-key-'));
    try {
      const legacy = await generateLocalSigningKey();
      fs.writeFileSync(path.join(dataDir, 'local-auth-key.json'), JSON.stringify(legacy));
      expect((await loadLocalSigningKey(fresh.db, { dataDir })).kid).toBe(legacy.kid);
      // Stored: without the file, the same key.
      expect((await loadLocalSigningKey(fresh.db)).kid).toBe(legacy.kid);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await fresh.drop();
    }
  });
});
