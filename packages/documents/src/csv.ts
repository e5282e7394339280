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

/** One row of a firm's ledger: a portfolio's transaction, with the portfolio it belongs to. */
export type FirmTransactionCsvRow = TransactionCsvRow & { portfolioId: string };

/** One move of a request, as the firm's transition log records it. */
export type TransitionCsvRow = {
  /** UTC, ISO 8601, to the microsecond the database holds. */
  at: string;
  portfolioId: string;
  actionId: string;
  actionType: string;
  /** Null for the move that created the request. */
  fromState: string | null;
  toState: string;
  actorAdvisorId: string;
  actorName: string;
  /** SHA-256 of the payloads the action carried after the move, in hex. */
  payloadHash: string;
};

type Cell = string | number | null;

const TRANSACTION_HEADER = [
  'Date',
  'Kind',
  'Reason',
  'Instrument',
  'Description',
  'Quantity',
  'Amount',
  'Income',
  'Fee',
];

function transactionCells(row: TransactionCsvRow): Cell[] {
  return [
    row.date,
    row.kind,
    row.reason,
    row.instrument,
    row.description,
    quantityCell(row.quantity),
    moneyCell(row.amount),
    moneyCell(row.income),
    moneyCell(row.fee),
  ];
}

export function transactionsCsv(rows: readonly TransactionCsvRow[]): string {
  return csv(TRANSACTION_HEADER, rows.map(transactionCells));
}

/**
 * A firm's ledger, written as its pages of rows arrive so the whole file is never held at once:
 * one chunk of records per page, the header with the first.
 */
export function firmTransactionsCsv(
  pages: AsyncIterable<readonly FirmTransactionCsvRow[]>,
): AsyncGenerator<string> {
  return csvChunks(['Portfolio', ...TRANSACTION_HEADER], pages, (row) => [
    row.portfolioId,
    ...transactionCells(row),
  ]);
}

/** A firm's transition log, written page by page like firmTransactionsCsv. */
export function transitionsCsv(
  pages: AsyncIterable<readonly TransitionCsvRow[]>,
): AsyncGenerator<string> {
  return csvChunks(
    [
      'At (UTC)',
      'Portfolio',
      'Action',
      'Action type',
      'From state',
      'To state',
      'Actor',
      'Actor name',
      'Payload SHA-256',
    ],
    pages,
    (row) => [
      row.at,
      row.portfolioId,
      row.actionId,
      row.actionType,
      row.fromState,
      row.toState,
      row.actorAdvisorId,
      row.actorName,
      row.payloadHash,
    ],
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
  return [header, ...rows].map(record).join('');
}

/**
 * The header goes out with the first page, so a first read that fails can still be answered with
 * an error rather than a file that stops after its header.
 */
async function* csvChunks<T>(
  header: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  cells: (row: T) => readonly Cell[],
): AsyncGenerator<string> {
  let head = record(header);
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield head + page.map((row) => record(cells(row))).join('');
    head = '';
  }
  if (head) yield head;
}

function record(cells: readonly Cell[]): string {
  return `${cells.map(field).join(',')}\r\n`;
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
