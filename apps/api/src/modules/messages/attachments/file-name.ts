import { ATTACHMENT_NAME_MAX, type TAttachmentType } from '@portal/shared/message-threads';
import { EXTENSION_OF } from './file-type.ts';

/**
 * Control characters (C0, DEL, C1), the direction marks and overrides that can make
 * `invoice‮fdp.exe` read as `invoiceexe.pdf`, zero-width characters and line/paragraph
 * separators.
 */
// eslint-disable-next-line no-control-regex -- these are exactly the characters removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The name an attachment keeps: the last part of whatever path the client sent, without
 * characters that are unsafe to show or to put in a header, its extension replaced by the one
 * of its real type, at most 200 characters. An empty result becomes `attachment.<ext>`.
 */
export function cleanFileName(sent: string | undefined, type: TAttachmentType): string {
  const extension = EXTENSION_OF[type];
  const base = (sent ?? '').normalize('NFC').split(/[/\\]/).pop()!.replace(UNSAFE, '');
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  // Cut by code points, so a name never ends in half a character.
  const kept = [...stem]
    .slice(0, ATTACHMENT_NAME_MAX - extension.length)
    .join('')
    .trimEnd();
  return `${kept || 'attachment'}${extension}`;
}
