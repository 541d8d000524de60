import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { systemClock } from '../../lib/clock.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { wantsNoticeCondition } from '../users/notices.repository.ts';

/** A message unread this long after it was written is e-mailed about. */
export const NOTICE_AFTER_MS = 10 * 60_000;
/** Older messages are not e-mailed about any more (a sweep that was down a long time). */
const NOTICE_WITHIN_MS = 24 * 60 * 60_000;
/** The most notices one sweep sends; the next sweep sends the rest. */
const NOTICES_PER_SWEEP = 200;

/**
 * "You have a new message": the message's text, subject and patient stay in the portal (e-mail
 * leaves its protection), so the e-mail says only that there is one and where to read it.
 * English: the server does not know the reader's language.
 */
export function newMessageEmail({
  to,
  messageId,
  userId,
  publicUrl,
}: {
  to: string;
  messageId: string;
  userId: string;
  publicUrl: string;
}): MailMessage {
  return {
    to,
    subject: 'You have a new message',
    text: `Hello,\n\nYou have a new message in CareBridge. Open the portal to read it: ${publicUrl}/messages\n\nCareBridge\n`,
    messageId: `<message-${messageId}-${userId}@${new URL(publicUrl).hostname}>`,
  };
}

type OwedNotice = {
  message_id: string;
  user_id: string;
  email: string;
};

/**
 * The notices owed now: messages written 10 minutes to a day ago, to each reader who may read
 * the thread (a clinical thread's practitioner and live links; a support thread's requester, for
 * Support's answers), has not read that far, has not been e-mailed about it and wants
 * `message-notices`. Support staff read in the desk and are not e-mailed.
 */
async function findOwedNotices(db: Db, at: Date): Promise<OwedNotice[]> {
  const result = await db.execute<OwedNotice>(sql`
    select m.id as message_id, r.user_id, u.email
    from messages m
    join message_threads t on t.id = m.thread_id
    left join patients p on p.id = t.patient_id
    cross join lateral (
      select t.owner_id as user_id where t.kind = 'clinical'
      union
      select l.user_id from patient_links l
        where t.kind = 'clinical' and l.patient_id = t.patient_id and l.ended_at is null
      union
      select t.requester_id where t.kind = 'support' and m.is_support
    ) r
    join users u on u.id = r.user_id
    where m.created_at <= ${new Date(at.getTime() - NOTICE_AFTER_MS).toISOString()}::timestamptz
      and m.created_at > ${new Date(at.getTime() - NOTICE_WITHIN_MS).toISOString()}::timestamptz
      and (t.kind = 'support' or p.deleted_at is null)
      and r.user_id is distinct from m.author_id
      and not exists (select 1 from message_reads mr
        where mr.thread_id = t.id and mr.user_id = r.user_id and mr.read_at >= m.created_at)
      and not exists (select 1 from message_notices n
        where n.message_id = m.id and n.user_id = r.user_id)
      and ${wantsNoticeCondition('u', 'message-notices')}
    order by m.created_at
    limit ${NOTICES_PER_SWEEP}`);
  return result.rows;
}

/**
 * One sweep: each owed notice is claimed by inserting its `message_notices` row, sent, and the
 * row committed with it; a failed send rolls the claim back for the next sweep. A sweep on
 * another instance at the same moment waits on the uncommitted row and then skips it, so a
 * reader gets one e-mail per message.
 */
export async function sendMessageNotices({
  db,
  mailer,
  publicUrl,
  now = systemClock,
  log,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now?: Clock;
  log?: FastifyBaseLogger;
}): Promise<number> {
  let sent = 0;
  for (const owed of await findOwedNotices(db, now())) {
    try {
      await db.transaction(async (tx) => {
        const claimed = await tx.execute(sql`
          insert into message_notices (message_id, user_id)
          values (${owed.message_id}, ${owed.user_id})
          on conflict do nothing returning message_id`);
        if (claimed.rows.length === 0) return;
        await mailer.send(
          newMessageEmail({
            to: owed.email,
            messageId: owed.message_id,
            userId: owed.user_id,
            publicUrl,
          }),
        );
        sent += 1;
      });
    } catch (error) {
      log?.warn({ err: error }, 'message notice not sent');
    }
  }
  return sent;
}
