import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { systemClock } from '../../../lib/clock.ts';
import { deleteUnsentBefore, existingIds } from './attachments.repository.ts';
import type { attachmentStorages } from './storage.ts';

/** An upload not on a message this long after it was made is deleted. */
export const UNSENT_KEPT_MS = 24 * 60 * 60_000;
/** A file in the folder without its row is removed once this old (never one being written). */
const LEFTOVER_FILE_MS = 60 * 60_000;

/**
 * One sweep: uploads never sent within a day go (their rows, and their files when kept in a
 * folder); then files left in the folder without a row (a thread purged with its attachments,
 * an upload whose transaction failed) are removed. Answers how many uploads were deleted.
 */
export async function sweepAttachments({
  db,
  storages,
  now = systemClock,
  log,
}: {
  db: Db;
  storages: ReturnType<typeof attachmentStorages>;
  now?: Clock;
  log?: FastifyBaseLogger;
}): Promise<number> {
  const deleted = await deleteUnsentBefore(db, new Date(now().getTime() - UNSENT_KEPT_MS));
  if (storages.folder) {
    const leftovers = await storages.folder.sweep((ids) => existingIds(db, ids), LEFTOVER_FILE_MS);
    if (leftovers > 0) log?.info({ files: leftovers }, 'attachment files without a row removed');
  }
  if (deleted.length > 0) log?.info({ attachments: deleted.length }, 'unsent attachments deleted');
  return deleted.length;
}
