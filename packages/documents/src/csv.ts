import { toCents } from './format.ts';
import type { TaxLot } from './statement-data.ts';

/**
 * CSV exports as RFC 4180 text: a header row, CRLF after every record, and a field quoted when it
 * holds a comma, a quote or a line break. Money has two decimals and no thousands separators,
 * dates stay `YYYY-MM-DD`, so a spreadsheet reads them as numbers and dates.
 */

/** One row of the transaction ledger as exported. */
export type TransactionCsvRow = {
  date: string;
  kind: string;
  /** Why the transaction happened (a rebalance, a harvest, a client's request), when known. */
  reason: string | null;
  /** The CUSIP or token symbol traded; null for cash movements. */
  instrument: string | null;
  description: string;
  quantity: number | null;
  /** Signed: money into the account is positive, money out of it negative. */
  amount: number;
  income: number | null;
  fee: number | null;
};

/** One lot of the tax lot detail: the columns of Form 8949 with its term and CUSIP. */
export type TaxLotCsvRow = TaxLot;

type Cell = string | number | null;

export function transactionsCsv(rows: readonly TransactionCsvRow[]): string {
  return csv(
    ['Date', 'Kind', 'Reason', 'Instrument', 'Description', 'Quantity', 'Amount', 'Income', 'Fee'],
    rows.map((row) => [
      row.date,
      row.kind,
      row.reason,
      row.instrument,
      row.description,
      quantityCell(row.quantity),
      moneyCell(row.amount),
      moneyCell(row.income),
      moneyCell(row.fee),
    ]),
  );
}

export function taxLotsCsv(rows: readonly TaxLotCsvRow[]): string {
  return csv(
    [
      'Description',
      'CUSIP',
      'Date acquired',
      'Date sold',
      'Proceeds',
      'Cost basis',
      'Code',
      'Adjustment',
      'Gain or loss',
      'Term',
    ],
    rows.map((lot) => [
      lot.description,
      lot.cusip,
      lot.dateAcquired,
      lot.dateSold,
      moneyCell(lot.proceeds),
      moneyCell(lot.costBasis),
      lot.washSaleDisallowed === 0 ? '' : 'W',
      moneyCell(lot.washSaleDisallowed),
      moneyCell(lot.gainLoss),
      lot.term,
    ]),
  );
}

function csv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(field).join(',')}\r\n`).join('');
}

function moneyCell(dollars: number | null): string {
  return dollars === null ? '' : (toCents(dollars) / 100).toFixed(2);
}

/** Token quantities can be smaller than JavaScript writes without an exponent. */
function quantityCell(quantity: number | null): string {
  if (quantity === null) return '';
  const text = String(quantity);
  return /e/i.test(text) ? quantity.toFixed(18).replace(/\.?0+$/, '') : text;
}

const PLAIN_NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as a
 * formula, so such a cell gets a leading single quote and is read as text; a plain negative number
 * stays a number.
 */
function field(cell: Cell): string {
  let text = cell === null ? '' : String(cell);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
