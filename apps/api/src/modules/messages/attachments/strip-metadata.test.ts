import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  decodeJpeg,
  GPS_LATITUDE,
  jpegMarkers,
  jpegWithMetadata,
  pdfFile,
  plainJpeg,
  pngChunkTypes,
  pngWithMetadata,
} from './attachments.factories.ts';
import { cleanFileName } from './file-name.ts';
import { fileTypeOf } from './file-type.ts';
import { MalformedImageError, stripMetadata } from './strip-metadata.ts';

const contains = (bytes: Uint8Array, part: Buffer | string) =>
  Buffer.from(bytes).includes(typeof part === 'string' ? Buffer.from(part) : part);

describe('stripMetadata of a JPEG', () => {
  it('drops the Exif block with its GPS position, XMP, IPTC and the comment, keeping JFIF', () => {
    const sent = jpegWithMetadata();
    expect(contains(sent, GPS_LATITUDE)).toBe(true);
    expect(jpegMarkers(sent).slice(0, 5)).toEqual([0xe0, 0xe1, 0xe1, 0xed, 0xfe]);

    const kept = stripMetadata(sent, 'image/jpeg');

    expect(contains(kept, GPS_LATITUDE)).toBe(false);
    for (const text of ['Exif', 'PhoneCam', 'xmpmeta', 'Omar Haddad', 'Rue Exemple', '8BIM'])
      expect(contains(kept, text), text).toBe(false);
    const markers = jpegMarkers(kept);
    expect(markers[0]).toBe(0xe0);
    expect(markers.filter((marker) => marker >= 0xe1 && marker <= 0xef)).toEqual([]);
    expect(markers).not.toContain(0xfe);
    expect(Buffer.from(kept)).toEqual(plainJpeg());
  });

  it('leaves a picture that still decodes to the same pixels', () => {
    const kept = stripMetadata(jpegWithMetadata(), 'image/jpeg');
    const decoded = decodeJpeg(kept);
    const original = decodeJpeg(plainJpeg());
    expect([decoded.width, decoded.height]).toEqual([16, 16]);
    expect(Buffer.from(decoded.data)).toEqual(Buffer.from(original.data));
  });

  it('refuses a JPEG whose segment runs past the end, or that stops before its end marker', () => {
    const sent = jpegWithMetadata();
    expect(() => stripMetadata(sent.subarray(0, 40), 'image/jpeg')).toThrow(MalformedImageError);
    expect(() => stripMetadata(sent.subarray(0, sent.length - 2), 'image/jpeg')).toThrow(
      MalformedImageError,
    );
    expect(() => stripMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toThrow(
      'JPEG without an image scan',
    );
  });
});

describe('stripMetadata of a PNG', () => {
  it('drops eXIf, tEXt, iTXt, zTXt and tIME, and the pixels stay', () => {
    const sent = pngWithMetadata();
    expect(pngChunkTypes(sent)).toEqual([
      'IHDR',
      'tEXt',
      'iTXt',
      'zTXt',
      'tIME',
      'eXIf',
      'IDAT',
      'IEND',
    ]);
    const kept = stripMetadata(sent, 'image/png');
    expect(pngChunkTypes(kept)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(contains(kept, GPS_LATITUDE)).toBe(false);
    expect(contains(kept, 'Omar')).toBe(false);
    const idatAt = 8 + 25;
    const idatLength = Buffer.from(kept).readUInt32BE(idatAt);
    const idat = Buffer.from(kept).subarray(idatAt + 8, idatAt + 8 + idatLength);
    expect([...inflateSync(idat)]).toEqual([0, 10, 20, 0, 30, 40]);
  });

  it('refuses a PNG cut short, or that does not start with IHDR', () => {
    const sent = pngWithMetadata();
    expect(() => stripMetadata(sent.subarray(0, 30), 'image/png')).toThrow(MalformedImageError);
    const noHeader = Buffer.concat([sent.subarray(0, 8), sent.subarray(8 + 25)]);
    expect(() => stripMetadata(noHeader, 'image/png')).toThrow('PNG does not start with IHDR');
  });
});

describe('fileTypeOf', () => {
  it('reads the type from the bytes, never from a name', () => {
    expect(fileTypeOf(pdfFile())).toBe('application/pdf');
    expect(fileTypeOf(plainJpeg())).toBe('image/jpeg');
    expect(fileTypeOf(pngWithMetadata())).toBe('image/png');
    expect(fileTypeOf(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(fileTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('keeps a PDF as it was sent', () => {
    const pdf = pdfFile();
    expect(stripMetadata(pdf, 'application/pdf')).toBe(pdf);
  });
});

describe('cleanFileName', () => {
  it('keeps the last part of a path and gives the real type’s extension', () => {
    expect(cleanFileName('C:\\Users\\omar\\results.html', 'application/pdf')).toBe('results.pdf');
    expect(cleanFileName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(cleanFileName('photo.JPEG', 'image/jpeg')).toBe('photo.jpg');
  });

  it('removes control and direction characters', () => {
    expect(cleanFileName('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
    expect(cleanFileName('a\u0000b\nc\u200Fd.pdf', 'application/pdf')).toBe('abcd.pdf');
  });

  it('keeps at most 200 characters, never half a character, and names an empty one', () => {
    const long = cleanFileName(`${'字'.repeat(300)}.pdf`, 'application/pdf');
    expect([...long].length).toBe(200);
    expect(long.endsWith('字.pdf')).toBe(true);
    expect(cleanFileName(undefined, 'image/png')).toBe('attachment.png');
    expect(cleanFileName('\u202E.pdf', 'application/pdf')).toBe('attachment.pdf');
    expect(cleanFileName('.hidden', 'application/pdf')).toBe('attachment.pdf');
  });
});
