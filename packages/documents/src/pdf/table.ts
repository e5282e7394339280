import { COLOR, CONTENT_BOTTOM, FONT, PAGE } from './page-style.ts';
import type { Pdf } from './pdf-document.ts';
import { toWinAnsi } from './win-ansi.ts';

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

type MeasuredRow = {
  cells: readonly string[];
  font: string;
  isOneLine: readonly boolean[];
  height: number;
};

/** Starts a new page unless `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) doc.addPage();
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

  /**
   * A row's height and, per cell, whether it fits on one line: such a cell is drawn without
   * PDFKit's line wrapping, which is most of the cost of a long table.
   */
  const measure = (row: readonly string[], font: string): MeasuredRow => {
    const cells = row.map(toWinAnsi);
    doc.font(font).fontSize(fontSize);
    const lineHeight = doc.currentLineHeight(true);
    let height = lineHeight;
    const isOneLine = cells.map((cell, index) => {
      const room = (table.columns[index]?.width ?? 0) - 2 * PADDING;
      if (doc.widthOfString(cell) <= room) return true;
      height = Math.max(height, doc.heightOfString(cell, { width: room }));
      return false;
    });
    return { cells, font, isOneLine, height: height + 2 * PADDING };
  };

  const drawRow = (row: MeasuredRow, fill: string | null) => {
    if (fill !== null) doc.rect(x, doc.y, width, row.height).fillColor(fill).fill();
    const top = doc.y;
    let left = x;
    doc.font(row.font).fontSize(fontSize).fillColor(COLOR.text);
    row.cells.forEach((cell, index) => {
      const column = table.columns[index];
      if (column === undefined) return;
      if (cell !== '') {
        doc.text(cell, left + PADDING, top + PADDING, {
          width: column.width - 2 * PADDING,
          align: column.align ?? 'left',
          lineBreak: !row.isOneLine[index],
        });
      }
      left += column.width;
    });
    doc.y = top + row.height;
  };

  const rule = (weight: number) => {
    doc
      .moveTo(x, doc.y)
      .lineTo(x + width, doc.y)
      .lineWidth(weight)
      .strokeColor(COLOR.rule)
      .stroke();
  };

  const header = measure(headers, FONT.bold);
  const drawHeader = () => {
    drawRow(header, COLOR.headerFill);
  };

  const firstRow = table.rows[0] ?? table.totals?.[0];
  ensureSpace(
    doc,
    header.height + (firstRow ? measure(firstRow, FONT.regular).height : 2 * fontSize),
  );
  drawHeader();

  const breakBefore = (height: number) => {
    if (doc.y + height <= CONTENT_BOTTOM) return;
    doc.addPage();
    if (table.continued !== undefined) {
      doc
        .font(FONT.bold)
        .fontSize(9)
        .fillColor(COLOR.accent)
        .text(toWinAnsi(table.continued), x, doc.y, { width });
      doc.y += 3;
    }
    drawHeader();
  };

  table.rows.forEach((cells, index) => {
    const row = measure(cells, FONT.regular);
    breakBefore(row.height);
    drawRow(row, index % 2 === 1 ? COLOR.stripe : null);
  });
  if (table.rows.length === 0 && table.empty !== undefined) {
    doc
      .font(FONT.regular)
      .fontSize(fontSize)
      .fillColor(COLOR.muted)
      .text(toWinAnsi(table.empty), x + PADDING, doc.y + PADDING, { width: width - 2 * PADDING });
    doc.y += PADDING;
  }
  for (const cells of table.totals ?? []) {
    const row = measure(cells, FONT.bold);
    breakBefore(row.height);
    rule(0.8);
    drawRow(row, null);
  }
  rule(0.5);
  doc.x = PAGE.left;
}
