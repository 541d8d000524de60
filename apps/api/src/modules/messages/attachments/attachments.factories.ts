import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

/** Real files for the attachment tests (imported by tests only). */

/** A GPS position as Exif writes it: 48° 51' 29.6" N, as three rationals. */
export const GPS_LATITUDE = Buffer.from([
  0, 0, 0, 48, 0, 0, 0, 1, 0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0x01, 0x28, 0, 0, 0, 10,
]);

/**
 * An Exif APP1 segment (big-endian TIFF) whose IFD0 points to a GPS IFD holding a latitude
 * reference and the latitude above, and a camera model in IFD0.
 */
export function exifSegmentWithGps(): Buffer {
  const model = Buffer.from('PhoneCam 12\0', 'latin1');
  // TIFF header (8) | IFD0: count, 2 entries, next (2 + 24 + 4 = 30) | GPS IFD: count, 2 entries,
  // next (30) | model text | latitude
  const ifd0At = 8;
  const gpsAt = ifd0At + 30;
  const modelAt = gpsAt + 30;
  const latitudeAt = modelAt + model.length;
  const tiff = Buffer.alloc(latitudeAt + GPS_LATITUDE.length);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(ifd0At, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    tiff.writeUInt32BE(value, at + 8);
  };
  tiff.writeUInt16BE(2, ifd0At);
  entry(ifd0At + 2, 0x0110, 2, model.length, modelAt); // Model (ASCII)
  entry(ifd0At + 14, 0x8825, 4, 1, gpsAt); // GPSInfo IFD pointer
  tiff.writeUInt16BE(2, gpsAt);
  entry(gpsAt + 2, 0x0001, 2, 2, 0x4e000000); // GPSLatitudeRef "N"
  entry(gpsAt + 14, 0x0002, 5, 3, latitudeAt); // GPSLatitude, 3 rationals
  model.copy(tiff, modelAt);
  GPS_LATITUDE.copy(tiff, latitudeAt);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

function segment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** A 16×16 JPEG (jpeg-js's encoder), plain: SOI, JFIF APP0, tables, one scan, EOI. */
export function plainJpeg(): Buffer {
  const width = 16;
  const height = 16;
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) pixels.set([i % 256, 80, 160, 255], i * 4);
  return Buffer.from(jpeg.encode({ data: pixels, width, height }, 90).data);
}

/**
 * The same picture as a phone writes it: Exif with a GPS position after the JFIF segment, an
 * XMP packet, an IPTC block and a comment.
 */
export function jpegWithMetadata(): Buffer {
  const plain = plainJpeg();
  const app0Length = plain.readUInt16BE(4);
  const afterApp0 = 4 + app0Length;
  return Buffer.concat([
    plain.subarray(0, afterApp0),
    exifSegmentWithGps(),
    segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Omar</x:xmpmeta>')),
    segment(0xed, Buffer.from('Photoshop 3.0\x008BIM IPTC by-line Omar Haddad')),
    segment(0xfe, Buffer.from('Taken at home, 12 Rue Exemple')),
    plain.subarray(afterApp0),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 2×2 grey PNG carrying text, international text, a time and Exif chunks. */
export function pngWithMetadata(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.from([0, 10, 20, 0, 30, 40]);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Author\0Omar Haddad', 'latin1')),
    chunk('iTXt', Buffer.from('Comment\0\0\0\0\0Chez moi', 'utf8')),
    chunk('zTXt', Buffer.concat([Buffer.from('Place\0\0', 'latin1'), deflateSync('Lyon')])),
    chunk('tIME', Buffer.from([0x07, 0xea, 1, 2, 3, 4, 5])),
    chunk('eXIf', exifSegmentWithGps().subarray(10)),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PDF document. */
export function pdfFile(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

/** The chunk types of a PNG, in order. */
export function pngChunkTypes(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  const types: string[] = [];
  for (let at = 8; at < buffer.length;) {
    const length = buffer.readUInt32BE(at);
    types.push(buffer.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

/** The markers of a JPEG's segments before its scan, in order. */
export function jpegMarkers(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes);
  const markers: number[] = [];
  for (let at = 2; at < buffer.length;) {
    const marker = buffer[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + buffer.readUInt16BE(at + 2);
  }
  return markers;
}

export const decodeJpeg = (bytes: Uint8Array) => jpeg.decode(bytes, { useTArray: true });
