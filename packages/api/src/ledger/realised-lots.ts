/**
 * The lots a tax year's sales and redemptions realised, with every wash-sale adjustment: the one
 * the sale recorded itself and those later purchases recorded against it. The tax report and
 * the tax-lots CSV both read them here, so that the two agree to the cent (Form 8949 columns
 * (d), (e), (g) and (h)).
 */
import { type Db, type StoredWashedLoss, schema } from '@ballast/db';
import { and, asc, between, eq, isNotNull } from 'drizzle-orm';
import { centsOf } from '../valuation/book-codec.ts';

const { ledgerEntries } = schema;

type LedgerEntry = typeof ledgerEntries.$inferSelect;

export type RealisedLot = {
  /** The sale's or redemption's ledger row. */
  entry: LedgerEntry;
  term: 'SHORT' | 'LONG';
  proceedsCents: number;
  costCents: number;
  /** Column (g): the part of the loss the wash-sale rule disallows, code W when not zero. */
  disallowedCents: number;
  /** Column (h): proceeds − cost + disallowed. */
  gainLossCents: number;
};

type Portfolio = { id: string; firmId: string };

/**
 * The lots realised in `year`, in the order they were recorded. A purchase that washes an earlier
 * loss names that sale; the sale's lot takes the adjustment in the year it was made, from a
 * purchase up to 30 days after it, so into January of the next year.
 */
export async function readRealisedLots(
  db: Db,
  portfolio: Portfolio,
  year: number,
): Promise<RealisedLot[]> {
  const ofPortfolio = and(
    eq(ledgerEntries.firmId, portfolio.firmId),
    eq(ledgerEntries.portfolioId, portfolio.id),
  );
  const sales = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        ofPortfolio,
        between(ledgerEntries.entryDate, `${year}-01-01`, `${year}-12-31`),
        isNotNull(ledgerEntries.costBasis),
        isNotNull(ledgerEntries.proceeds),
        isNotNull(ledgerEntries.term),
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.seq));
  const washed = await db
    .select({ losses: ledgerEntries.washedLosses })
    .from(ledgerEntries)
    .where(
      and(
        ofPortfolio,
        isNotNull(ledgerEntries.washedLosses),
        between(ledgerEntries.entryDate, `${year}-01-01`, `${year + 1}-01-31`),
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.seq));
  const washes = washed.flatMap((row) => (row.losses ?? []).map((wash) => ({ ...wash })));
  return sales.map((entry) => realised(entry, washes));
}

/** One sale's lot, taking from `washes` what of them falls on it. */
function realised(entry: LedgerEntry, washes: StoredWashedLoss[]): RealisedLot {
  const proceedsCents = centsOf(entry.proceeds);
  const costCents = centsOf(entry.costBasis);
  let disallowedCents = centsOf(entry.washSaleDisallowed);
  // What of the loss is still allowed: no wash can disallow more than that.
  let allowedLoss = costCents - proceedsCents - disallowedCents;
  for (const wash of washes) {
    if (allowedLoss <= 0 || wash.disallowedCents <= 0) continue;
    if (wash.instrument !== entry.instrument || wash.soldOn !== entry.entryDate) continue;
    const taken = Math.min(wash.disallowedCents, allowedLoss);
    wash.disallowedCents -= taken;
    allowedLoss -= taken;
    disallowedCents += taken;
  }
  return {
    entry,
    term: entry.term === 'LONG' ? 'LONG' : 'SHORT',
    proceedsCents,
    costCents,
    disallowedCents,
    gainLossCents: proceedsCents - costCents + disallowedCents,
  };
}
