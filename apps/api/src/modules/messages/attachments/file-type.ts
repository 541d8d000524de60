import type { TAttachmentType } from '@portal/shared/message-threads';

/**
 * The type of a file read from its first bytes (its magic number), never from its name or the
 * type the client declared: a web page named `report.pdf` is not a PDF. Null for anything else.
 */
const SIGNATURES: ReadonlyArray<{ type: TAttachmentType; bytes: readonly number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export function fileTypeOf(bytes: Uint8Array): TAttachmentType | null {
  return (
    SIGNATURES.find(({ bytes: signature }) =>
      signature.every((byte, index) => bytes[index] === byte),
    )?.type ?? null
  );
}

export const EXTENSION_OF: Record<TAttachmentType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};
