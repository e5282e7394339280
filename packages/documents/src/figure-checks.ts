import { formatMoney, sumMoney, toCents } from './format.ts';
import type { StatementData, TaxReportData, Term } from './statement-data.ts';

/**
 * A document whose figures do not tie must never be stored and sent, so rendering refuses it:
 * this is a broken invariant of the data handed in, not an answer for a user. Sums are taken in
 * whole cents, so they are exact.
 */
export class FiguresDoNotTieError extends Error {
  override name = 'FiguresDoNotTieError';
}

function sumCents(amounts: readonly number[]): number {
  return toCents(sumMoney(amounts));
}

/** Opening + deposits − withdrawals + income + price changes − fees = closing, to the cent. */
export function checkStatementFigures(data: StatementData): void {
  const bridged = sumCents([
    data.openingValue,
    data.deposits,
    -data.withdrawals,
    data.income.interest,
    data.income.staking,
    data.income.cashInterest,
    data.realisedPriceChange,
    data.unrealisedPriceChange,
    -data.fees,
  ]);
  if (bridged !== toCents(data.closingValue)) {
    throw new FiguresDoNotTieError(
      `the statement's lines add up to ${formatMoney(bridged / 100)}, not its closing value ${formatMoney(data.closingValue)}`,
    );
  }
}

/** Each lot's (h) = (d) − (e) + (g), and each term's totals are the sums of its lots. */
export function checkTaxReportFigures(data: TaxReportData): void {
  for (const lot of data.lots) {
    const expected =
      toCents(lot.proceeds) - toCents(lot.costBasis) + toCents(lot.washSaleDisallowed);
    if (expected !== toCents(lot.gainLoss)) {
      throw new FiguresDoNotTieError(
        `the lot "${lot.description}" sold ${lot.dateSold} shows a gain or loss of ${formatMoney(lot.gainLoss)}, not ${formatMoney(expected / 100)}`,
      );
    }
  }
  for (const term of ['SHORT', 'LONG'] as const) {
    const lots = data.lots.filter((lot) => lot.term === term);
    const totals = data.totals[term];
    for (const field of ['proceeds', 'costBasis', 'washSaleDisallowed', 'gainLoss'] as const) {
      const sum = sumCents(lots.map((lot) => lot[field]));
      if (sum !== toCents(totals[field])) {
        throw new FiguresDoNotTieError(
          `the ${termName(term)} total of ${field} is ${formatMoney(totals[field])}, but its lots add up to ${formatMoney(sum / 100)}`,
        );
      }
    }
  }
}

function termName(term: Term): string {
  return term === 'SHORT' ? 'short-term' : 'long-term';
}
