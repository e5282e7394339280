/** The kinds of file a document may be, told apart by their first bytes. */
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

// Letters, digits, dot, dash, underscore and space: nothing a header, a shell or a file system
// could read as more than a name.
function cleanName(name: string): string {
  return name
    .replace(/[^A-Za-z0-9._ -]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
}

/**
 * A file name safe to echo in a Content-Disposition header, at most 100 characters, with the
 * detected extension in place of whatever the uploader's name ended with.
 */
export function safeFileName(name: string | undefined, type: DetectedType): string {
  const stem = cleanName((name ?? '').replace(/\.[^.]*$/, '')).slice(0, 90);
  return `${stem || 'document'}.${type.extension}`;
}

/**
 * The Content-Disposition of a download. The stored name is cleaned again here, because rows
 * are also written by jobs and seeds that never went through `safeFileName`.
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${cleanName(fileName).slice(-100) || 'document'}"`;
}
