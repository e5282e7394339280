import PDFDocument from 'pdfkit';
import type { Firm } from '../statement-data.ts';
import { firmLogo } from './firm-logo.ts';
import { COLOR, FONT, PAGE } from './page-style.ts';

export type Pdf = PDFKit.PDFDocument;

export type DocumentFrame = {
  firm: Firm;
  /** The document's name, at the top right of every page and in its metadata. */
  title: string;
  /** Under the title: the period or the tax year. */
  subtitle: string;
  /** Who and what the document is about, in the footer beside the firm's name. */
  about: string;
  /** The document's date; fixed from the data so the same data gives the same bytes. */
  date: Date;
};

export type OpenPdf = { doc: Pdf; finish: () => Promise<Uint8Array> };

/**
 * A Letter-sized document whose pages stay in memory until `finish`, which draws every page's
 * header and footer (the footer says "Page i of N", known only at the end) and returns the bytes.
 */
export function openPdf(frame: DocumentFrame): OpenPdf {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: {
      top: PAGE.top,
      bottom: PAGE.bottom,
      left: PAGE.left,
      right: PAGE.width - PAGE.right,
    },
    bufferPages: true,
    info: {
      Title: `${frame.title}: ${frame.about}`,
      Author: frame.firm.name,
      Subject: frame.subtitle,
      CreationDate: frame.date,
      ModDate: frame.date,
    },
  });
  const chunks: Uint8Array[] = [];
  const bytes = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  doc.font(FONT.regular).fillColor(COLOR.text);
  return {
    doc,
    finish: () => {
      drawFrames(doc, frame);
      doc.end();
      return bytes;
    },
  };
}

function drawFrames(doc: Pdf, frame: DocumentFrame): void {
  const logo = firmLogo(frame.firm);
  const { start, count } = doc.bufferedPageRange();
  let isLogoDrawable = logo !== null;
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Text below the bottom margin would make PDFKit start a new page.
    doc.page.margins.bottom = 0;
    isLogoDrawable = isLogoDrawable && drawLogo(doc, logo);
    if (!isLogoDrawable) drawFirmName(doc, frame.firm.name);
    drawTitle(doc, frame);
    drawFooter(doc, frame, `Page ${index - start + 1} of ${count}`);
    doc.page.margins.bottom = PAGE.bottom;
  }
}

/** False when the image cannot be read, so the page shows the firm's name instead. */
function drawLogo(doc: Pdf, logo: string | null): boolean {
  if (logo === null) return false;
  try {
    doc.image(logo, PAGE.left, 28, { fit: [170, 46], valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

function drawFirmName(doc: Pdf, name: string): void {
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLOR.accent)
    .text(name, PAGE.left, 40, { width: 250, height: 36, ellipsis: true });
}

function drawTitle(doc: Pdf, frame: DocumentFrame): void {
  const x = PAGE.right - 260;
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLOR.text)
    .text(frame.title, x, 34, { width: 260, align: 'right', lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(frame.subtitle, x, 54, { width: 260, align: 'right', lineBreak: false });
  doc
    .moveTo(PAGE.left, 80)
    .lineTo(PAGE.right, 80)
    .lineWidth(1.2)
    .strokeColor(COLOR.accent)
    .stroke();
}

function drawFooter(doc: Pdf, frame: DocumentFrame, pageLabel: string): void {
  const y = PAGE.height - 44;
  doc
    .moveTo(PAGE.left, y - 6)
    .lineTo(PAGE.right, y - 6)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(`${frame.firm.name} · ${frame.about}`, PAGE.left, y, {
      width: 420,
      height: 10,
      ellipsis: true,
    });
  doc.text(pageLabel, PAGE.right - 100, y, { width: 100, align: 'right', lineBreak: false });
}
