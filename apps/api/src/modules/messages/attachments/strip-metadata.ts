import type { TAttachmentType } from '@portal/shared/message-threads';

/**
 * Removes what a picture says beyond its pixels: where and when it was taken, the camera, the
 * author, comments. Pure: bytes in, bytes out; a picture whose structure does not hold is
 * refused (`MalformedImageError`), never passed on half-read.
 *
 * - JPEG: every APPn segment but APP0 (JFIF) and APP14 (Adobe, which says how to read the
 *   colours), and every COM segment, go: APP1 (Exif, with any GPS position, and XMP), APP2 (ICC
 *   profile), APP13 (IPTC) and the rest. The scans are copied as they are.
 * - PNG: the `eXIf`, `tEXt`, `iTXt`, `zTXt` and `tIME` chunks go; nothing after `IEND` is kept.
 * - PDF: kept as sent (its metadata is part of the document the writer chose to send).
 */
export class MalformedImageError extends Error {
  constructor(reason: string) {
    super(`malformed image: ${reason}`);
  }
}

export function stripMetadata(bytes: Uint8Array, type: TAttachmentType): Uint8Array {
  if (type === 'image/jpeg') return stripJpeg(bytes);
  if (type === 'image/png') return stripPng(bytes);
  return bytes;
}

const SOS = 0xda;
const EOI = 0xd9;
const COM = 0xfe;
const APP0 = 0xe0;
const APP14 = 0xee;

/** Markers that stand alone, without a length: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const isDropped = (marker: number) =>
  marker === COM || (marker >= APP0 && marker <= 0xef && marker !== APP0 && marker !== APP14);

function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedImageError('no JPEG start');
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  let hasScan = false;
  for (;;) {
    if (at + 1 >= bytes.length) throw new MalformedImageError('JPEG ends before its end marker');
    if (bytes[at] !== 0xff) throw new MalformedImageError(`no JPEG marker at byte ${at}`);
    // Fill bytes (0xFF repeated) may precede a marker.
    let markerAt = at + 1;
    while (bytes[markerAt] === 0xff && markerAt < bytes.length - 1) markerAt += 1;
    const marker = bytes[markerAt]!;
    if (marker === EOI) {
      if (!hasScan) throw new MalformedImageError('JPEG without an image scan');
      kept.push(bytes.subarray(markerAt - 1, markerAt + 1));
      break;
    }
    if (isStandalone(marker)) {
      kept.push(bytes.subarray(markerAt - 1, markerAt + 1));
      at = markerAt + 1;
      continue;
    }
    if (marker === 0x00 || markerAt + 2 >= bytes.length)
      throw new MalformedImageError(`bad JPEG marker at byte ${markerAt}`);
    const length = (bytes[markerAt + 1]! << 8) | bytes[markerAt + 2]!;
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length)
      throw new MalformedImageError(`JPEG segment overruns the file at byte ${markerAt}`);
    if (!isDropped(marker)) kept.push(bytes.subarray(markerAt - 1, end));
    at = end;
    if (marker === SOS) {
      hasScan = true;
      // The entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a
      // restart marker (which belong to the scan).
      let scan = at;
      while (scan + 1 < bytes.length) {
        if (bytes[scan] === 0xff) {
          const next = bytes[scan + 1]!;
          if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        scan += 1;
      }
      if (scan + 1 >= bytes.length) throw new MalformedImageError('JPEG scan without an end');
      kept.push(bytes.subarray(at, scan));
      at = scan;
    }
  }
  return concat(kept);
}

const PNG_SIGNATURE_LENGTH = 8;
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = PNG_SIGNATURE_LENGTH;
  let isFirst = true;
  for (;;) {
    if (at + 12 > bytes.length) throw new MalformedImageError('PNG ends before IEND');
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length)
      throw new MalformedImageError(`PNG chunk overruns the file at byte ${at}`);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) throw new MalformedImageError(`bad PNG chunk at byte ${at}`);
    if (isFirst && type !== 'IHDR') throw new MalformedImageError('PNG does not start with IHDR');
    isFirst = false;
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return concat(kept);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
