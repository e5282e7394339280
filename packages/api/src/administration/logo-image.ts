import { type LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@ballast/contract';
import { detectFileType } from '../documents/file-type.ts';

export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** What a logo upload is: its type as judged from its bytes, or why it is refused. */
export type LogoCheck =
  | { ok: true; contentType: LogoContentType }
  | { ok: false; reason: 'too_large' | 'not_an_image' };

/**
 * Judges a logo by its content, never by the name or type the uploader gave it (decision 022): a
 * PNG or JPEG by its first bytes, an SVG by reading it as text. An SVG is a document that
 * browsers run scripts in when it is opened directly, so only a plain drawing is taken (see
 * `isPlainSvg`); `GET /firms/{id}/logo` also serves it under a policy that runs nothing.
 */
export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, reason: 'too_large' };
  const raster = detectFileType(bytes)?.contentType;
  if (raster === 'image/png' || raster === 'image/jpeg') return { ok: true, contentType: raster };
  const text = decodeUtf8(bytes);
  if (text !== undefined && isPlainSvg(text)) return { ok: true, contentType: 'image/svg+xml' };
  return { ok: false, reason: 'not_an_image' };
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

// What may stand before the root element: an XML declaration, comments, white space, and a
// DOCTYPE without an internal subset (where entities, and with them entity expansion, live).
const PROLOGUE = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*>)*/;
const EPILOGUE = /(?:\s+|<!--[\s\S]*?-->)*$/;

/** Anything in an SVG that could run code, or reach outside the file, when a browser opens it. */
const FORBIDDEN = [
  /<\s*([\w-]+:)?script\b/i,
  /<\s*([\w-]+:)?foreignObject\b/i,
  /<\s*([\w-]+:)?(iframe|embed|object|handler|listener)\b/i,
  // Event attributes: onload=, onclick=, onbegin= and the rest.
  /[\s"'/]on[a-z]+\s*=/i,
  /<!ENTITY/i,
  /@import/i,
  // SMIL animation that would set a link or an event attribute after the checks below.
  /attributeName\s*=\s*["']?\s*(xlink:)?(href|on)/i,
];

/** Link targets that stay inside the file: a fragment, or an embedded raster image. */
const LOCAL_REFERENCE = /^(#[^\s]*|data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=\s]*)$/i;

/**
 * Whether `text` is an SVG document (its root element `<svg>`, closed at the end) that can only
 * draw: no scripts, event attributes, embedded HTML or entities, and no reference that leaves the
 * file (an `href` or `url(…)` elsewhere than a fragment or an embedded image, which is how
 * `javascript:` URLs and remote fetches get in). Character references are decoded first, so
 * `&#106;avascript:` is judged as what a browser reads. This refuses some harmless drawings; the
 * logo is small, and a refused one can be exported as a PNG.
 */
export function isPlainSvg(text: string): boolean {
  const body = text.replace(PROLOGUE, '').replace(EPILOGUE, '');
  const isSvgRoot =
    /^<svg[\s>/]/.test(body) && (/<\/svg>$/.test(body) || /^<svg[^>]*\/>$/.test(body));
  if (!isSvgRoot || body.includes('\u0000')) return false;
  const decoded = decodeCharacterReferences(body);
  if (FORBIDDEN.some((pattern) => pattern.test(decoded))) return false;
  if (/javascript:|vbscript:/i.test(withoutBlanks(decoded))) return false;
  return referencesOf(decoded).every((reference) => LOCAL_REFERENCE.test(reference.trim()));
}

/**
 * The text without white space and control characters, which browsers skip inside a URL's
 * scheme ("java\tscript:").
 */
function withoutBlanks(text: string): string {
  return Array.from(text)
    .filter((char) => char > ' ' && !/\s/.test(char))
    .join('');
}

/** The targets of every href (xlink:href included) and CSS url() in the document. */
function referencesOf(svg: string): string[] {
  const hrefs = [...svg.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  const urls = [...svg.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  return [...hrefs, ...urls];
}

const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Decimal, hexadecimal and the named references that can spell out markup or a URL scheme. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, reference: string) => {
    const lower = reference.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x')
        ? Number.parseInt(lower.slice(2), 16)
        : Number.parseInt(lower.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[lower] ?? whole;
  });
}
