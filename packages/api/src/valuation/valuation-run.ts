/**
 * Values open portfolios through a date: each portfolio's missing business days in order, from
 * the day after the last one valued (or its inception) to the date, so a first run, a backfill
 * and a run resumed after a crash are the same code. A day that fails stops its portfolio there
 * (the next day starts from its book) and is recorded with its error; the others go on.
 */
import { type BlobStore, type Db, type SecretBox, schema } from '@ballast/db';
import { formatIsoDate, parseIsoDate } from '@ballast/engine';
import { and, eq, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { businessDaysBetween, nextDay } from './business-days.ts';
import { producePeriodDocuments } from './period-documents.ts';
import { type PortfolioRef, type ValuationEngine, valuePortfolioDay } from './portfolio-day.ts';

/** Where the statements and tax reports a run makes are kept, and the key client data opens with. */
export type DocumentStores = { blobs: BlobStore; box: SecretBox };

/**
 * How far before a run's first day it looks for a month end without its statement: a run that
 * stopped between valuing a month's last day and making its statement makes it next time.
 */
const DOCUMENT_LOOKBACK_DAYS = 40;

const { portfolioBooks, portfolios, valuationFailures } = schema;

export type ValuationScope = {
  /** The last day to value, YYYY-MM-DD. */
  through: string;
  firmId?: string;
  portfolioIds?: readonly string[];
};

export type PortfolioFailure = PortfolioRef & { date: string; error: string };

export type ValuationSummary = {
  portfolios: number;
  /** Portfolio-days valued by this run. */
  valued: number;
  failures: PortfolioFailure[];
};

/** Open portfolios with days left to value through `scope.through`. */
export async function portfoliosToValue(db: Db, scope: ValuationScope): Promise<PortfolioRef[]> {
  const filters: (SQL | undefined)[] = [
    ne(portfolios.status, 'CLOSED'),
    or(
      isNull(portfolioBooks.valuedThrough),
      lt(portfolioBooks.valuedThrough, scope.through),
      // Valued, but a statement or tax report failed: running the date again makes it.
      sql`exists (select 1 from valuation_failures f
        where f.portfolio_id = ${portfolioBooks.portfolioId} and f.report_date <= ${scope.through})`,
    ),
    scope.firmId ? eq(portfolioBooks.firmId, scope.firmId) : undefined,
    scope.portfolioIds ? inArray(portfolioBooks.portfolioId, [...scope.portfolioIds]) : undefined,
  ];
  return db
    .select({ firmId: portfolioBooks.firmId, portfolioId: portfolioBooks.portfolioId })
    .from(portfolioBooks)
    .innerJoin(portfolios, eq(portfolios.id, portfolioBooks.portfolioId))
    .where(and(...filters))
    .orderBy(portfolioBooks.portfolioId);
}

/**
 * Values one portfolio's missing days through `through`. Answers how many days it valued and
 * the failure that stopped it, if one did.
 */
export async function valuePortfolioThrough(
  db: Db,
  engine: ValuationEngine,
  ref: PortfolioRef,
  through: string,
  stores?: DocumentStores,
): Promise<{ valued: number; failure?: PortfolioFailure }> {
  const [state] = await db
    .select({ valuedThrough: portfolioBooks.valuedThrough, inception: portfolios.inceptionDate })
    .from(portfolioBooks)
    .innerJoin(portfolios, eq(portfolios.id, portfolioBooks.portfolioId))
    .where(
      and(eq(portfolioBooks.portfolioId, ref.portfolioId), eq(portfolioBooks.firmId, ref.firmId)),
    );
  if (!state?.inception) return { valued: 0 };
  const from = state.valuedThrough ? nextDay(state.valuedThrough) : state.inception;
  let valued = 0;
  let failure: PortfolioFailure | undefined;
  for (const date of businessDaysBetween(from, through)) {
    try {
      const outcome = await valuePortfolioDay(db, engine, ref, date);
      if (outcome === 'valued') valued += 1;
      if (outcome === 'not-open') break;
    } catch (error) {
      failure = { ...ref, date, error: describe(error) };
      break;
    }
  }
  if (stores && !failure) {
    const since = formatIsoDate(parseIsoDate(from) - DOCUMENT_LOOKBACK_DAYS);
    try {
      await producePeriodDocuments({ db, ...stores, market: engine.market }, ref, since, through);
    } catch (error) {
      failure = { ...ref, date: through, error: `Documents: ${describe(error)}` };
    }
  }
  if (failure) await recordFailure(db, failure);
  else if (stores) await clearFailures(db, ref, through);
  return failure ? { valued, failure } : { valued };
}

/** Values every portfolio in scope, `concurrency` at a time (one for the embedded database). */
export async function runValuation(
  db: Db,
  engine: ValuationEngine,
  scope: ValuationScope,
  options: {
    concurrency?: number;
    stores?: DocumentStores;
    onPortfolio?: (ref: PortfolioRef) => void;
  } = {},
): Promise<ValuationSummary> {
  const refs = await portfoliosToValue(db, scope);
  const summary: ValuationSummary = { portfolios: refs.length, valued: 0, failures: [] };
  let next = 0;
  const worker = async () => {
    while (next < refs.length) {
      const ref = refs[next++] as PortfolioRef;
      const result = await valuePortfolioThrough(db, engine, ref, scope.through, options.stores);
      summary.valued += result.valued;
      if (result.failure) summary.failures.push(result.failure);
      options.onPortfolio?.(ref);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return summary;
}

/**
 * The failure's own message, without a stack: it is read by operations staff and kept in the
 * database, and never carries client data (the valuation's inputs hold no personal fields).
 */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function recordFailure(db: Db, failure: PortfolioFailure): Promise<void> {
  await db
    .insert(valuationFailures)
    .values({
      firmId: failure.firmId,
      portfolioId: failure.portfolioId,
      reportDate: failure.date,
      attempts: 1,
      error: failure.error,
    })
    .onConflictDoUpdate({
      target: [valuationFailures.portfolioId, valuationFailures.reportDate],
      set: {
        attempts: sql`${valuationFailures.attempts} + 1`,
        error: failure.error,
        failedAt: new Date(),
      },
    });
}

/** Every day through `through` is valued and its documents made: its failures are over. */
async function clearFailures(db: Db, ref: PortfolioRef, through: string): Promise<void> {
  await db
    .delete(valuationFailures)
    .where(
      and(
        eq(valuationFailures.portfolioId, ref.portfolioId),
        lte(valuationFailures.reportDate, through),
      ),
    );
}
