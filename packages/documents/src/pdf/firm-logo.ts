import type { Firm } from '../statement-data.ts';

/**
 * The firm's logo as a data URI for PDFKit, or null when the pages show the firm's name instead:
 * an SVG logo (PDFKit draws PNG and JPEG only, and the one library that converts SVG for it is
 * unmaintained), or bytes that are neither PNG nor JPEG whatever their declared type. A string,
 * because PDFKit keeps an image given as a string once and reuses it on every page.
 */
export function firmLogo(firm: Firm): string | null {
  const logo = firm.logo;
  if (logo === undefined || logo.contentType === 'image/svg+xml') return null;
  const type = rasterTypeOf(logo.bytes);
  if (type === null) return null;
  return `data:${type};base64,${Buffer.from(logo.bytes).toString('base64')}`;
}

function rasterTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  return null;
}
