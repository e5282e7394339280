import { COLOR, CONTENT_WIDTH, FONT, PAGE } from './page-style.ts';
import type { Pdf } from './pdf-document.ts';
import { ensureSpace } from './table.ts';

/** Room a heading keeps for what follows it, so it never ends a page alone. */
const KEEP_WITH_NEXT = 56;

export type Place = { x: number; width: number };

const FULL_WIDTH: Place = { x: PAGE.left, width: CONTENT_WIDTH };

export function drawHeading(doc: Pdf, text: string, place: Place = FULL_WIDTH): void {
  doc.y += 10;
  ensureSpace(doc, 20 + KEEP_WITH_NEXT);
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLOR.accent)
    .text(text, place.x, doc.y, { width: place.width });
  doc.y += 4;
}

/**
 * Labelled values side by side, `columns` to a row: the client, the account and the period at the
 * top of a document.
 */
export function drawFacts(
  doc: Pdf,
  facts: readonly (readonly [label: string, value: string])[],
  columns: number,
): void {
  const width = CONTENT_WIDTH / columns;
  for (let start = 0; start < facts.length; start += columns) {
    const top = doc.y;
    let bottom = top;
    facts.slice(start, start + columns).forEach(([label, value], index) => {
      const x = PAGE.left + index * width;
      doc
        .font(FONT.bold)
        .fontSize(7)
        .fillColor(COLOR.muted)
        .text(label.toUpperCase(), x, top, { width: width - 12, characterSpacing: 0.4 });
      doc
        .font(FONT.regular)
        .fontSize(9.5)
        .fillColor(COLOR.text)
        .text(value, x, doc.y + 2, { width: width - 12 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 8;
  }
  doc.x = PAGE.left;
}

/** Small print under a table or at the end of a document. */
export function drawNote(doc: Pdf, text: string): void {
  doc.y += 4;
  doc
    .font(FONT.regular)
    .fontSize(7)
    .fillColor(COLOR.muted)
    .text(text, PAGE.left, doc.y, { width: CONTENT_WIDTH });
}

/**
 * Draws blocks next to each other from the same top, each in its own column, and leaves `doc.y`
 * under the tallest. For short tables that fit on the page together.
 */
export function drawSideBySide(doc: Pdf, blocks: readonly ((place: Place) => void)[]): void {
  const gap = 18;
  const width = (CONTENT_WIDTH - gap * (blocks.length - 1)) / blocks.length;
  const top = doc.y;
  let bottom = top;
  blocks.forEach((block, index) => {
    doc.y = top;
    block({ x: PAGE.left + index * (width + gap), width });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom;
  doc.x = PAGE.left;
}
