import { describe, expect, it } from 'vitest';
import { attachmentDisposition, detectFileType, safeFileName } from './file-type.ts';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('file type from the bytes', () => {
  it('knows PDF, PNG and JPEG by their signatures', () => {
    expect(detectFileType(new TextEncoder().encode('%PDF-1.7\n'))?.contentType).toBe(
      'application/pdf',
    );
    expect(
      detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.contentType,
    ).toBe('image/png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe('image/jpeg');
  });

  it('refuses anything else, however it is named', () => {
    expect(detectFileType(new TextEncoder().encode('PDF-1.7 but text'))).toBeUndefined();
    expect(detectFileType(new TextEncoder().encode(' %PDF-1.7'))).toBeUndefined();
    expect(detectFileType(new TextEncoder().encode('<svg xmlns=…>'))).toBeUndefined();
    expect(detectFileType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(detectFileType(bytes(0x89, 0x50, 0x4e))).toBeUndefined();
    expect(detectFileType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(detectFileType(bytes())).toBeUndefined();
  });

  it('makes a file name safe for a header, with the detected extension', () => {
    const pdf = { contentType: 'application/pdf', extension: 'pdf' };
    expect(safeFileName('Passport scan.PDF', pdf)).toBe('Passport scan.pdf');
    expect(safeFileName('photo.exe', pdf)).toBe('photo.pdf');
    expect(safeFileName('../../etc/"passwd"\r\n.exe', pdf)).toBe('etcpasswd.pdf');
    expect(safeFileName(undefined, pdf)).toBe('document.pdf');
    expect(safeFileName('日本語.pdf', pdf)).toBe('document.pdf');
    expect(safeFileName('x'.repeat(300), pdf)).toHaveLength(94);
  });

  it('cleans a stored name again for the download header', () => {
    expect(attachmentDisposition('statement-2025-01-31.pdf')).toBe(
      'attachment; filename="statement-2025-01-31.pdf"',
    );
    expect(attachmentDisposition('a"; filename="evil.html\r\nX-Bad: 1')).toBe(
      'attachment; filename="a filenameevil.htmlX-Bad 1"',
    );
    expect(attachmentDisposition('../..')).toBe('attachment; filename="document"');
  });
});
