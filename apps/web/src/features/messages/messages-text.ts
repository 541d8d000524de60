import { numberFormat } from '../../i18n/intl-formats.ts';
import type { TFunction } from '../../i18n/translator.ts';
import type { TMessageThread, TThreadMessage } from './message-types.ts';

/**
 * A name set inside a translated sentence, isolated (FSI … PDI) so that a Latin name in an
 * Arabic sentence, or the reverse, keeps its own direction and the punctuation stays in place.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** Who wrote a message, as the reader is told: "You", Support, a name, or a former user. */
export function authorOf(t: TFunction, message: TThreadMessage): string {
  if (message.isMine) return t('thread.you');
  if (message.authorRole === 'support') return t('thread.support');
  return message.authorName ?? t('thread.formerUser');
}

/** The line under a thread's subject in an inbox: whom it is about, or with. */
export function counterpartOf(
  t: TFunction,
  thread: TMessageThread,
  { box, readerName }: { box: 'mine' | 'support'; readerName: string | undefined },
): string {
  if (thread.kind === 'support')
    return box === 'support'
      ? t('inbox.from', { name: isolated(thread.requesterName ?? t('thread.formerUser')) })
      : t('inbox.withSupport');
  const patient = isolated(thread.patientName);
  // The practitioner reads about their patient; the patient's side also reads with whom.
  if (thread.practitionerName === null || thread.practitionerName === readerName)
    return t('inbox.about', { patient });
  return t('inbox.aboutWith', { patient, practitioner: isolated(thread.practitionerName) });
}

/**
 * Whether the reader is the practitioner of a clinical thread, who may close it: a message of
 * theirs says so by its role; with none yet, the thread's practitioner carries their name.
 */
export function isPractitionerOf(
  thread: TMessageThread,
  messages: readonly TThreadMessage[],
  readerName: string | undefined,
): boolean {
  if (thread.kind !== 'clinical') return false;
  const mine = messages.find((message) => message.isMine);
  if (mine) return mine.authorRole === 'practitioner';
  if (messages.some((message) => message.authorRole === 'practitioner')) return false;
  return readerName !== undefined && thread.practitionerName === readerName;
}

/** A file's size in the reader's language: 830 kB, 2.4 MB. */
export function fileSize(language: string, bytes: number): string {
  const isLarge = bytes >= 1_000_000;
  return numberFormat(language, {
    style: 'unit',
    unit: isLarge ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(isLarge ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}
