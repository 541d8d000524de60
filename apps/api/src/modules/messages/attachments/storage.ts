import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { messageAttachmentContents } from '../../../db/schema/message-attachments.ts';
import { isUuid } from '../../../lib/uuid.ts';

/**
 * Where an attachment's bytes are kept: PostgreSQL (the default: one backup, one transaction
 * with the row that describes them) or a folder (`MESSAGE_ATTACHMENTS_DIR`). Each row says
 * where its bytes are, so files stored before a change of setting are still served.
 */
export interface AttachmentStorage {
  readonly storedIn: 'database' | 'folder';
  /** Keeps the bytes of attachment `id`, inside the transaction that writes its row. */
  put(tx: DbOrTx, id: string, bytes: Uint8Array): Promise<void>;
  /** The bytes of attachment `id`, or none. */
  get(db: DbOrTx, id: string): Promise<Buffer | undefined>;
  /**
   * Removes kept bytes whose row no longer exists (a thread purged with its attachments),
   * untouched for `olderThanMs`; answers how many. Rows cascade in PostgreSQL: nothing to do.
   */
  sweep(isKnown: (ids: string[]) => Promise<Set<string>>, olderThanMs: number): Promise<number>;
}

export function databaseStorage(): AttachmentStorage {
  return {
    storedIn: 'database',
    async put(tx, id, bytes) {
      await tx.insert(messageAttachmentContents).values({
        attachmentId: id,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      });
    },
    async get(db, id) {
      const [row] = await db
        .select({ bytes: messageAttachmentContents.bytes })
        .from(messageAttachmentContents)
        .where(eq(messageAttachmentContents.attachmentId, id))
        .limit(1);
      return row?.bytes;
    },
    sweep: async () => 0,
  };
}

const TEMP_PREFIX = '.upload-';

/**
 * Files in `dir`, each named by its attachment's random id (never by the name the user gave).
 * A file is written under a temporary name and renamed once complete, so a crash mid-write
 * leaves no half file under an attachment's name; the sweep removes such leftovers.
 */
export function folderStorage(dir: string): AttachmentStorage {
  const fileOf = (id: string) => {
    if (!isUuid(id)) throw new Error('an attachment id is a uuid');
    return path.join(dir, id.toLowerCase());
  };
  return {
    storedIn: 'folder',
    async put(_tx, id, bytes) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const temporary = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        await fs.writeFile(temporary, bytes, { mode: 0o600, flag: 'wx', flush: true });
        await fs.rename(temporary, fileOf(id));
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(_db, id) {
      try {
        return await fs.readFile(fileOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async sweep(isKnown, olderThanMs) {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const before = Date.now() - olderThanMs;
      const old = async (name: string) =>
        (await fs.stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? Infinity;
      const ids = names.filter((name) => isUuid(name));
      const known = await isKnown(ids);
      let removed = 0;
      for (const name of names) {
        const isLeftover = name.startsWith(TEMP_PREFIX) || (isUuid(name) && !known.has(name));
        if (!isLeftover || (await old(name)) > before) continue;
        await fs.rm(path.join(dir, name), { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

/** The storage new uploads go to: the folder when one is configured, else PostgreSQL. */
export function attachmentStorages(dir: string | undefined) {
  const database = databaseStorage();
  const folder = dir ? folderStorage(dir) : null;
  return {
    forUploads: folder ?? database,
    /** The storage a row's bytes are in; none for a folder that is no longer configured. */
    of: (storedIn: 'database' | 'folder') => (storedIn === 'database' ? database : folder),
    folder,
  };
}
