/**
 * A tax year's income as Form 1099-INT reports it (SPEC 13), from the ledger: each kind of
 * interest on a line of its own and counted once, and the accrued interest paid at a purchase
 * taken off the interest of the receipt that returns it, in that receipt's year. Amounts are in
 * cents here; the tax report shows them in dollars.
 */
import type { TaxYearIncome } from '@ballast/documents';

/** How a bond's interest is taxed, which decides its line of the 1099-INT. */
export type InterestLine =
  /** Box 1: corporate bonds. */
  | 'TAXABLE'
  /** Box 3: U.S. Treasury obligations, taxed federally and not by the states. */
  | 'TREASURY'
  /** Box 8: municipal bonds. */
  | 'TAX_EXEMPT'
  /** Box 8, and box 9 too: private-activity municipal bonds, whose interest the AMT taxes. */
  | 'TAX_EXEMPT_AMT';

/** A ledger row as the year's income reads it, in ledger order (date, then sequence). */
export type IncomeEntry = {
  entryDate: string;
  kind: string;
  instrument: string | null;
  incomeCents: number;
};

/** No income on any line. */
export const NO_INCOME: Readonly<TaxYearIncome> = {
  taxable: 0,
  treasury: 0,
  taxExempt: 0,
  privateActivity: 0,
  staking: 0,
  cashInterest: 0,
  total: 0,
};

/** Rows whose income is a bond's interest received: a coupon, or the accrued part of a sale or a redemption. */
const RECEIPTS = new Set(['COUPON', 'SELL', 'REDEMPTION']);

const BOND_LINES = {
  TAXABLE: 'taxable',
  TREASURY: 'treasury',
  TAX_EXEMPT: 'taxExempt',
  TAX_EXEMPT_AMT: 'taxExempt',
} as const satisfies Record<InterestLine, keyof TaxYearIncome>;

/**
 * The year of each purchase's accrued interest: the year of the next receipt of interest on the
 * same bond after it (IRS Publication 550, "Accrued interest on bonds": the buyer reduces the
 * interest of the payment that returns it). None while no receipt has come yet: the reduction
 * waits for it.
 */
function accruedYears(entries: readonly IncomeEntry[]): Map<IncomeEntry, string> {
  const years = new Map<IncomeEntry, string>();
  const waiting = new Map<string, IncomeEntry[]>();
  for (const entry of entries) {
    if (entry.instrument === null) continue;
    if (entry.kind === 'BUY' && entry.incomeCents < 0) {
      waiting.set(entry.instrument, [...(waiting.get(entry.instrument) ?? []), entry]);
    } else if (RECEIPTS.has(entry.kind)) {
      for (const purchase of waiting.get(entry.instrument) ?? []) {
        years.set(purchase, entry.entryDate.slice(0, 4));
      }
      waiting.delete(entry.instrument);
    }
  }
  return years;
}

/** The line of the report an entry's income goes to, if it is income the report counts. */
function lineOfEntry(
  entry: IncomeEntry,
  lineOf: (instrument: string) => InterestLine | undefined,
): InterestLine | 'STAKING' | 'CASH_INTEREST' | undefined {
  if (entry.kind === 'STAKING_REWARD') return 'STAKING';
  if (entry.kind === 'CASH_INTEREST') return 'CASH_INTEREST';
  if (entry.instrument === null) return undefined;
  return entry.kind === 'BUY' || RECEIPTS.has(entry.kind) ? lineOf(entry.instrument) : undefined;
}

/**
 * The income of `year` from `entries`, which run from the start of the year before it (so that
 * a purchase late that year finds the receipt that returns its accrued interest) to the end of
 * the year. `lineOf` says how a bond's interest is taxed; other instruments pay no interest.
 */
export function taxYearIncome(
  entries: readonly IncomeEntry[],
  year: number,
  lineOf: (instrument: string) => InterestLine | undefined,
): TaxYearIncome {
  const income: TaxYearIncome = { ...NO_INCOME };
  const accrued = accruedYears(entries);
  for (const entry of entries) {
    const counted = entry.kind === 'BUY' ? accrued.get(entry) : entry.entryDate.slice(0, 4);
    if (counted !== String(year)) continue;
    const line = lineOfEntry(entry, lineOf);
    if (line === undefined) continue;
    const cents = entry.incomeCents;
    if (line === 'STAKING') income.staking += cents;
    else if (line === 'CASH_INTEREST') income.cashInterest += cents;
    else income[BOND_LINES[line]] += cents;
    if (line === 'TAX_EXEMPT_AMT') income.privateActivity += cents;
    income.total += cents;
  }
  return income;
}
