import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-name-from-disposition.ts';

describe('fileNameFromDisposition', () => {
  it('reads the quoted file name the api sends', () => {
    expect(fileNameFromDisposition('attachment; filename="statement-2026-10-31.pdf"')).toBe(
      'statement-2026-10-31.pdf',
    );
  });

  it('prefers the UTF-8 name when both are given', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="tax.pdf"; filename*=UTF-8''tax%20report%E2%80%942025.pdf`,
      ),
    ).toBe('tax report—2025.pdf');
  });

  it('reads an unquoted name, and gives nothing without one', () => {
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
