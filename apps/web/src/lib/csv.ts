import { saveFile } from './save-file.ts';

/** One column of an exported table: its heading and how a row gives its cell. */
export type CsvColumn<Row> = {
  header: string;
  value(row: Row): string | number | null | undefined;
};

/**
 * RFC 4180 text: fields with commas, quotes or line breaks are quoted, and a field that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: readonly Row[]): string {
  const line = (cells: (string | number | null | undefined)[]) => cells.map(csvField).join(',');
  return [
    line(columns.map((column) => column.header)),
    ...rows.map((row) => line(columns.map((column) => column.value(row)))),
  ].join('\r\n');
}

function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Offers `text` to the browser as a file download named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  saveFile(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
