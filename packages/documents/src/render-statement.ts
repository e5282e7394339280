import { checkStatementFigures } from './figure-checks.ts';
import {
  dateOf,
  formatDeduction,
  formatLongDate,
  formatMoney,
  formatPercent,
  formatPrice,
  formatQuantity,
  formatShortDate,
  sumMoney,
} from './format.ts';
import { openPdf, type Pdf } from './pdf/pdf-document.ts';
import {
  drawAmounts,
  drawFacts,
  drawHeading,
  drawNote,
  drawSideBySide,
  type Place,
} from './pdf/sections.ts';
import { type Column, drawTable } from './pdf/table.ts';
import type { StatementData } from './statement-data.ts';

/**
 * The monthly statement of one account: who and what it is for, the period's summary from the
 * opening to the closing value, realised gains and losses by term, performance against the
 * benchmark, every holding and every transaction. Throws `FiguresDoNotTieError` when the
 * summary's lines do not add up to the closing value.
 */
export async function renderStatement(data: StatementData): Promise<Uint8Array> {
  checkStatementFigures(data);
  const period = `${formatLongDate(data.period.start)} – ${formatLongDate(data.period.end)}`;
  const { doc, finish } = openPdf({
    firm: data.firm,
    title: 'Account Statement',
    subtitle: period,
    about: `${data.client.name} · ${data.account.custodianName} ${data.account.accountNumber}`,
    date: dateOf(data.period.end),
  });
  drawFacts(
    doc,
    [
      ['Prepared for', data.client.name],
      ['Account type', data.client.accountType],
      ['Statement period', period],
      ['Custodian', data.account.custodianName],
      ['Account number', data.account.accountNumber],
      ['Strategy', data.strategySummary],
    ],
    3,
  );
  // The summary is the taller block: a heading, a header, nine lines and the closing value.
  drawSideBySide(doc, 230, [
    (place) => drawSummary(doc, data, place),
    (place) => drawRealised(doc, data, place),
  ]);
  drawNote(doc, 'Amounts in parentheses reduce the account value.');
  drawPerformance(doc, data);
  drawHoldings(doc, data);
  drawTransactions(doc, data);
  return finish();
}

function drawSummary(doc: Pdf, data: StatementData, place: Place): void {
  drawAmounts(
    doc,
    {
      heading: 'Account summary',
      label: 'This period',
      rows: [
        ['Opening value', formatMoney(data.openingValue)],
        ['Deposits', formatMoney(data.deposits)],
        ['Withdrawals', formatDeduction(data.withdrawals)],
        ['Interest income', formatMoney(data.income.interest)],
        ['Staking rewards', formatMoney(data.income.staking)],
        ['Cash interest', formatMoney(data.income.cashInterest)],
        ['Realised price change', formatMoney(data.realisedPriceChange)],
        ['Unrealised price change', formatMoney(data.unrealisedPriceChange)],
        ['Fees', formatDeduction(data.fees)],
      ],
      total: ['Closing value', formatMoney(data.closingValue)],
    },
    place,
  );
}

function drawRealised(doc: Pdf, data: StatementData, place: Place): void {
  const { shortTermGain, shortTermLoss, longTermGain, longTermLoss } = data.realised;
  const amount = (place.width - 70) / 3;
  drawHeading(doc, 'Realised gains and losses', place);
  drawTable(doc, {
    x: place.x,
    fontSize: 8.5,
    columns: [
      { header: 'Term', width: place.width - 3 * amount },
      { header: 'Gains', width: amount, align: 'right' },
      { header: 'Losses', width: amount, align: 'right' },
      { header: 'Net', width: amount, align: 'right' },
    ],
    rows: [
      [
        'Short-term',
        formatMoney(shortTermGain),
        formatDeduction(shortTermLoss),
        formatMoney(sumMoney([shortTermGain, -shortTermLoss])),
      ],
      [
        'Long-term',
        formatMoney(longTermGain),
        formatDeduction(longTermLoss),
        formatMoney(sumMoney([longTermGain, -longTermLoss])),
      ],
    ],
    totals: [
      [
        'Total',
        formatMoney(sumMoney([shortTermGain, longTermGain])),
        formatDeduction(sumMoney([shortTermLoss, longTermLoss])),
        formatMoney(sumMoney([shortTermGain, -shortTermLoss, longTermGain, -longTermLoss])),
      ],
    ],
  });
}

function drawPerformance(doc: Pdf, data: StatementData): void {
  drawHeading(doc, 'Performance');
  drawTable(doc, {
    fontSize: 8.5,
    columns: [
      { header: 'Period', width: 180 },
      { header: 'Portfolio', width: 120, align: 'right' },
      { header: data.benchmarkName, width: 120, align: 'right' },
      { header: 'Difference', width: 120, align: 'right' },
    ],
    rows: data.performance.map((row) => [
      row.period,
      formatPercent(row.portfolioPct),
      row.benchmarkPct === null ? '—' : formatPercent(row.benchmarkPct),
      row.benchmarkPct === null ? '—' : formatPercent(row.portfolioPct - row.benchmarkPct),
    ]),
    empty: 'No performance figures for this period.',
  });
  drawNote(doc, 'Returns are time-weighted; periods longer than a year are annualised.');
}

const CUSIP_WIDTH = 50;

/**
 * The holdings table's columns. Tokens have no CUSIP and are counted to eight places: a table
 * of them gives the CUSIP column's width to their quantities and prices.
 */
function holdingColumns(withCusips: boolean): Column[] {
  const spare = withCusips ? 0 : CUSIP_WIDTH;
  return [
    { header: 'Description', width: 122 },
    ...(withCusips ? [{ header: 'CUSIP', width: CUSIP_WIDTH }] : []),
    { header: 'Asset class', width: 62 },
    { header: 'Quantity', width: 52 + spare * 0.6, align: 'right' },
    { header: 'Price', width: 44 + spare * 0.4, align: 'right' },
    { header: 'Market value', width: 62, align: 'right' },
    { header: 'Cost basis', width: 60, align: 'right' },
    { header: 'Unrealised gain/loss', width: 52, align: 'right' },
    { header: '% of account', width: 36, align: 'right' },
  ];
}

function drawHoldings(doc: Pdf, data: StatementData): void {
  drawHeading(doc, `Holdings as of ${formatLongDate(data.period.end)}`);
  const withCusips = data.holdings.some((holding) => holding.cusip);
  const cusip = (value: string) => (withCusips ? [value] : []);
  drawTable(doc, {
    fontSize: 7.5,
    columns: holdingColumns(withCusips),
    continued: 'Holdings (continued)',
    rows: [
      ...data.holdings.map((holding) => [
        holding.description,
        ...cusip(holding.cusip ?? ''),
        holding.assetClass,
        formatQuantity(holding.quantity),
        formatPrice(holding.price),
        formatMoney(holding.marketValue),
        formatMoney(holding.costBasis),
        formatMoney(holding.unrealisedGainLoss),
        formatPercent(holding.percentOfAccount),
      ]),
      ['Cash', ...cusip(''), 'Cash', '', '', formatMoney(data.cash), '', '', ''],
    ],
    totals: [
      [
        'Total',
        ...cusip(''),
        '',
        '',
        '',
        formatMoney(sumMoney([...data.holdings.map((holding) => holding.marketValue), data.cash])),
        formatMoney(sumMoney(data.holdings.map((holding) => holding.costBasis))),
        formatMoney(sumMoney(data.holdings.map((holding) => holding.unrealisedGainLoss))),
        '',
      ],
    ],
  });
}

function drawTransactions(doc: Pdf, data: StatementData): void {
  drawHeading(doc, 'Transactions');
  drawTable(doc, {
    fontSize: 7.5,
    continued: 'Transactions (continued)',
    columns: [
      { header: 'Date', width: 56 },
      { header: 'Type', width: 84 },
      { header: 'Description', width: 250 },
      { header: 'Quantity', width: 70, align: 'right' },
      { header: 'Amount', width: 80, align: 'right' },
    ],
    rows: data.transactions.map((transaction) => [
      formatShortDate(transaction.date),
      transaction.kind,
      transaction.description,
      transaction.quantity === null ? '' : formatQuantity(transaction.quantity),
      formatMoney(transaction.amount),
    ]),
    empty: 'No transactions in this period.',
  });
}
