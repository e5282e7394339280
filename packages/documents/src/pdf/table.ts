import { COLOR, FONT, PAGE } from './page-style.ts';
import type { Pdf } from './pdf-document.ts';

export type Column = { header: string; width: number; align?: 'left' | 'right' };

export type Table = {
  columns: readonly Column[];
  rows: readonly (readonly string[])[];
  /** Bold rows under a rule, after the last row. */
  totals?: readonly (readonly string[])[];
  /** Said instead of the rows when there are none. */
  empty?: string;
  /** Above the header again when the table goes on to a new page, e.g. "Holdings (continued)". */
  continued?: string;
  x?: number;
  fontSize?: number;
};

const PADDING = 3;

/** The bottom of the content area: a row that would cross it goes on the next page. */
export function contentBottom(): number {
  return PAGE.height - PAGE.bottom;
}

/** Starts a new page unless `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > contentBottom()) doc.addPage();
}

/**
 * Draws a table from `doc.y` down, starting a new page (with the header again) wherever the next
 * row would not fit, and leaves `doc.y` under it. Cells wrap within their column.
 */
export function drawTable(doc: Pdf, table: Table): void {
  const x = table.x ?? PAGE.left;
  const fontSize = table.fontSize ?? 8;
  const width = table.columns.reduce((sum, column) => sum + column.width, 0);
  const headers = table.columns.map((column) => column.header);

  const heightOf = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    const heights = cells.map((cell, index) =>
      doc.heightOfString(cell, { width: (table.columns[index]?.width ?? 0) - 2 * PADDING }),
    );
    return Math.max(fontSize, ...heights) + 2 * PADDING;
  };

  const drawRow = (cells: readonly string[], font: string, fill: string | null) => {
    const height = heightOf(cells, font);
    if (fill !== null) doc.rect(x, doc.y, width, height).fillColor(fill).fill();
    const top = doc.y;
    let left = x;
    cells.forEach((cell, index) => {
      const column = table.columns[index];
      if (column === undefined) return;
      doc
        .font(font)
        .fontSize(fontSize)
        .fillColor(COLOR.text)
        .text(cell, left + PADDING, top + PADDING, {
          width: column.width - 2 * PADDING,
          align: column.align ?? 'left',
        });
      left += column.width;
    });
    doc.y = top + height;
  };

  const rule = (weight: number) => {
    doc
      .moveTo(x, doc.y)
      .lineTo(x + width, doc.y)
      .lineWidth(weight)
      .strokeColor(COLOR.rule)
      .stroke();
  };

  const drawHeader = () => {
    drawRow(headers, FONT.bold, COLOR.headerFill);
  };

  const firstRow = table.rows[0] ?? table.totals?.[0];
  ensureSpace(
    doc,
    heightOf(headers, FONT.bold) + (firstRow ? heightOf(firstRow, FONT.regular) : 2 * fontSize),
  );
  drawHeader();

  const breakBefore = (height: number) => {
    if (doc.y + height <= contentBottom()) return;
    doc.addPage();
    if (table.continued !== undefined) {
      doc
        .font(FONT.bold)
        .fontSize(9)
        .fillColor(COLOR.accent)
        .text(table.continued, x, doc.y, { width });
      doc.y += 3;
    }
    drawHeader();
  };

  table.rows.forEach((row, index) => {
    breakBefore(heightOf(row, FONT.regular));
    drawRow(row, FONT.regular, index % 2 === 1 ? COLOR.stripe : null);
  });
  if (table.rows.length === 0 && table.empty !== undefined) {
    doc
      .font(FONT.regular)
      .fontSize(fontSize)
      .fillColor(COLOR.muted)
      .text(table.empty, x + PADDING, doc.y + PADDING, { width: width - 2 * PADDING });
    doc.y += PADDING;
  }
  for (const row of table.totals ?? []) {
    breakBefore(heightOf(row, FONT.bold));
    rule(0.8);
    drawRow(row, FONT.bold, null);
  }
  rule(0.5);
  doc.x = PAGE.left;
}
