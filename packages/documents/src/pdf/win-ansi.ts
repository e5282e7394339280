/**
 * The standard PDF fonts encode text in Windows-1252 only, and PDFKit writes any other character
 * as a wrong glyph. So a letter outside it is written without its accent where it has one
 * (Ż → Z, ć → c), a few letters that do not decompose are written as their Latin look-alike,
 * and anything else as "?": a reader sees "Lukasz", never mojibake.
 */

/** The characters Windows-1252 has in 0x80–0x9F, besides ASCII and Latin-1. */
const EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const LOOK_ALIKES: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  '−': '-',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || EXTRA.has(char);
}

export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text) {
    if (isWinAnsi(char) || char === '\n') {
      result += char;
      continue;
    }
    const base = [...char.normalize('NFD')].filter(isWinAnsi).join('');
    result += base || LOOK_ALIKES[char] || '?';
  }
  return result;
}
