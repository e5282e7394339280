import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfPage = {
  /** The page's text a line at a time, top to bottom, the pieces of a line joined by a space. */
  lines: string[];
  imageCount: number;
};

export type ReadPdf = { pages: PdfPage[]; info: Record<string, unknown> };

type Piece = { text: string; x: number; y: number };

function linesOf(pieces: readonly Piece[]): string[] {
  const rows = new Map<number, Piece[]>();
  for (const piece of pieces) {
    if (piece.text.trim() === '') continue;
    const y = Math.round(piece.y);
    rows.set(y, [...(rows.get(y) ?? []), piece]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((piece) => piece.text)
        .join(' '),
    );
}

/** Reads a PDF back the way a viewer does (pdf.js), to check what a reader would see. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  // pdf.js takes the buffer it is given; a copy leaves the caller's bytes intact.
  const loading = getDocument({ data: bytes.slice(), verbosity: 0 });
  const pdf = await loading.promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const pieces = content.items.flatMap((item) =>
        'str' in item ? [{ text: item.str, x: item.transform[4], y: item.transform[5] }] : [],
      );
      const operators = await page.getOperatorList();
      pages.push({
        lines: linesOf(pieces),
        imageCount: operators.fnArray.filter((op) => op === OPS.paintImageXObject).length,
      });
    }
    const { info } = await pdf.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await loading.destroy();
  }
}
