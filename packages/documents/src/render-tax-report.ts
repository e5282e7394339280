import { checkTaxReportFigures } from './figure-checks.ts';
import { dateOf, formatDeduction, formatMoney, formatShortDate, sumMoney } from './format.ts';
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
import type { TaxLot, TaxReportData, Term, TermTotals } from './statement-data.ts';

/**
 * The yearly tax report of one account: realised gains and losses lot by lot in the columns of
 * Form 8949, short-term (Part I) and long-term (Part II) with their totals, the losses harvested
 * and the year's income. Throws `FiguresDoNotTieError` when a lot's gain or loss is not
 * (d) − (e) + (g), or a term's totals are not the sums of its lots.
 */
export async function renderTaxReport(data: TaxReportData): Promise<Uint8Array> {
  checkTaxReportFigures(data);
  const { doc, finish } = openPdf({
    firm: data.firm,
    title: 'Tax Report',
    subtitle: `Tax year ${data.taxYear} · Form 8949 and 1099-B supplementary detail`,
    about: `${data.client.name} · ${data.account.custodianName} ${data.account.accountNumber}`,
    date: dateOf(`${data.taxYear}-12-31`),
  });
  drawFacts(
    doc,
    [
      ['Prepared for', data.client.name],
      ['Account type', data.client.accountType],
      ['Tax year', String(data.taxYear)],
      ['Custodian', data.account.custodianName],
      ['Account number', data.account.accountNumber],
      ['Lots sold', String(data.lots.length)],
    ],
    3,
  );
  drawTermSummary(doc, data);
  drawLots(doc, data, 'SHORT');
  drawLots(doc, data, 'LONG');
  // Income is the taller block: a heading, a header, four lines and the total.
  drawSideBySide(doc, 150, [
    (place) => drawHarvested(doc, data, place),
    (place) => drawIncome(doc, data, place),
  ]);
  drawNote(
    doc,
    'Supplementary information for Form 8949 and Schedule D. Column (g) adds back a loss the ' +
      'wash-sale rule disallows (code W in column (f)); column (h) is (d) - (e) + (g). Where ' +
      "these figures differ from the custodian's Form 1099-B, the 1099-B is what the IRS receives. " +
      'Interest is that received in the year; accrued interest paid when a bond was bought is ' +
      'taken off the first interest received on it after, in that year (IRS Publication 550). ' +
      'Box 9 is part of box 8 and is not counted twice in the total.',
  );
  return finish();
}

const TERMS: Record<Term, { part: string; name: string }> = {
  SHORT: { part: 'Part I: Short-term, assets held one year or less', name: 'Short-term' },
  LONG: { part: 'Part II: Long-term, assets held more than one year', name: 'Long-term' },
};

function totalsRow(label: string, totals: TermTotals): string[] {
  return [
    label,
    formatMoney(totals.proceeds),
    formatMoney(totals.costBasis),
    formatMoney(totals.washSaleDisallowed),
    formatMoney(totals.gainLoss),
  ];
}

function drawTermSummary(doc: Pdf, data: TaxReportData): void {
  const { SHORT, LONG } = data.totals;
  const both = (field: keyof TermTotals) => sumMoney([SHORT[field], LONG[field]]);
  drawHeading(doc, 'Summary of realised gains and losses');
  drawTable(doc, {
    fontSize: 8.5,
    columns: [
      { header: 'Term', width: 140 },
      { header: 'Proceeds', width: 100, align: 'right' },
      { header: 'Cost basis', width: 100, align: 'right' },
      { header: 'Wash-sale adjustment', width: 100, align: 'right' },
      { header: 'Gain or loss', width: 100, align: 'right' },
    ],
    rows: [totalsRow(TERMS.SHORT.name, SHORT), totalsRow(TERMS.LONG.name, LONG)],
    totals: [
      totalsRow('Total', {
        proceeds: both('proceeds'),
        costBasis: both('costBasis'),
        washSaleDisallowed: both('washSaleDisallowed'),
        gainLoss: both('gainLoss'),
      }),
    ],
  });
}

const LOT_COLUMNS: readonly Column[] = [
  { header: '(a) Description of property', width: 132 },
  { header: 'CUSIP', width: 50 },
  { header: '(b) Date acquired', width: 48 },
  { header: '(c) Date sold', width: 48 },
  { header: '(d) Proceeds', width: 60, align: 'right' },
  { header: '(e) Cost basis', width: 60, align: 'right' },
  { header: '(f) Code', width: 28 },
  { header: '(g) Adjustment', width: 52, align: 'right' },
  { header: '(h) Gain or loss', width: 62, align: 'right' },
];

function lotRow(lot: TaxLot): string[] {
  const isWashSale = lot.washSaleDisallowed !== 0;
  return [
    lot.description,
    lot.cusip ?? '',
    formatShortDate(lot.dateAcquired),
    formatShortDate(lot.dateSold),
    formatMoney(lot.proceeds),
    formatMoney(lot.costBasis),
    isWashSale ? 'W' : '',
    isWashSale ? formatMoney(lot.washSaleDisallowed) : '',
    formatMoney(lot.gainLoss),
  ];
}

function drawLots(doc: Pdf, data: TaxReportData, term: Term): void {
  const totals = data.totals[term];
  drawHeading(doc, TERMS[term].part);
  drawTable(doc, {
    fontSize: 7.5,
    columns: LOT_COLUMNS,
    continued: `${TERMS[term].part} (continued)`,
    rows: data.lots.filter((lot) => lot.term === term).map(lotRow),
    empty: `No ${TERMS[term].name.toLowerCase()} sales in ${data.taxYear}.`,
    totals: [
      [
        'Totals',
        '',
        '',
        '',
        formatMoney(totals.proceeds),
        formatMoney(totals.costBasis),
        '',
        formatMoney(totals.washSaleDisallowed),
        formatMoney(totals.gainLoss),
      ],
    ],
  });
}

function drawHarvested(doc: Pdf, data: TaxReportData, place: Place): void {
  const { shortTerm, longTerm, count } = data.harvestedLosses;
  drawAmounts(
    doc,
    {
      heading: 'Tax-loss harvesting',
      label: 'Losses harvested',
      rows: [
        ['Short-term', formatDeduction(shortTerm)],
        ['Long-term', formatDeduction(longTerm)],
        ['Sales that harvested a loss', String(count)],
      ],
      total: ['Total harvested', formatDeduction(sumMoney([shortTerm, longTerm]))],
    },
    place,
  );
}

function drawIncome(doc: Pdf, data: TaxReportData, place: Place): void {
  const { income } = data;
  drawAmounts(
    doc,
    {
      heading: 'Income',
      label: 'Kind',
      rows: [
        ['Taxable interest (Form 1099-INT box 1)', formatMoney(income.taxable)],
        ['U.S. Treasury interest (box 3)', formatMoney(income.treasury)],
        ['Tax-exempt interest (box 8)', formatMoney(income.taxExempt)],
        ['of which private activity, AMT (box 9)', formatMoney(income.privateActivity)],
        ['Staking rewards', formatMoney(income.staking)],
        ['Cash interest', formatMoney(income.cashInterest)],
      ],
      total: ['Total income', formatMoney(income.total)],
    },
    place,
  );
}
