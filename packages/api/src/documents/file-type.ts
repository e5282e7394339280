/** The kinds of file a KYC upload may be, told apart by their first bytes. */
const SIGNATURES = [
  { contentType: 'application/pdf', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  {
    contentType: 'image/png',
    extension: 'png',
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
  { contentType: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
] as const;

export type DetectedType = { contentType: string; extension: string };

/** What the bytes are, whatever name or type the uploader gave them; undefined if not allowed. */
export function detectFileType(bytes: Uint8Array): DetectedType | undefined {
  const match = SIGNATURES.find((signature) =>
    signature.magic.every((byte, index) => bytes[index] === byte),
  );
  return match ? { contentType: match.contentType, extension: match.extension } : undefined;
}

/**
 * A file name safe to echo in a Content-Disposition header: letters, digits, dot, dash,
 * underscore and space only, at most 100 characters, with the detected extension.
 */
export function safeFileName(name: string | undefined, type: DetectedType): string {
  const stem = (name ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._ -]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 90);
  return `${stem || 'document'}.${type.extension}`;
}
