/**
 * Values open portfolios through a date: each portfolio's missing business days in order, from
 * the day after the last one valued (or its inception) to the date, so a first run, a backfill
 * and a run resumed after a crash are the same code. A day that fails stops its portfolio there
 * (the next day starts from its book) and is recorded with its error; the others go on.
 */
import { type BlobStore, type Db, type SecretBox, schema } from '@ballast/db';
import { formatIsoDate, parseIsoDate } from '@ballast/engine';
import { and, eq, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { businessDaysFrom, nextDay } from '../business-days.ts';
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

/** A portfolio in a run, and the first day it has left to value. */
type Pending = PortfolioRef & { next: string; from: string; failure?: PortfolioFailure };

/**
 * Values every portfolio in scope through `scope.through`, day by day: each business day, every
 * portfolio that has that day left to value, `concurrency` at a time (one for the embedded
 * database). Day by day rather than portfolio by portfolio, so a day's market (its marks, and
 * the whole market a construction or a harvest's ranking reads) is built once for all of them.
 * Then each portfolio's missing statements and tax reports are made.
 */
export async function runValuation(
  db: Db,
  engine: ValuationEngine,
  scope: ValuationScope,
  options: {
    concurrency?: number;
    stores?: DocumentStores;
  } = {},
): Promise<ValuationSummary> {
  const pending = await pendingOf(db, scope);
  const summary: ValuationSummary = { portfolios: pending.length, valued: 0, failures: [] };
  const first = pending.reduce((min, item) => (item.next < min ? item.next : min), scope.through);
  for (const date of businessDaysFrom(first, scope.through)) {
    const due = pending.filter((item) => !item.failure && item.next <= date);
    await inTurn(due, options.concurrency ?? 1, async (item) => {
      try {
        const outcome = await valuePortfolioDay(db, engine, item, date);
        if (outcome === 'valued') summary.valued += 1;
      } catch (error) {
        item.failure = {
          firmId: item.firmId,
          portfolioId: item.portfolioId,
          date,
          error: describe(error),
        };
      }
    });
  }
  await inTurn(pending, options.concurrency ?? 1, async (item) => {
    if (options.stores && !item.failure) {
      const since = formatIsoDate(parseIsoDate(item.from) - DOCUMENT_LOOKBACK_DAYS);
      try {
        await producePeriodDocuments(
          { db, ...options.stores, market: engine.market },
          item,
          since,
          scope.through,
        );
      } catch (error) {
        item.failure = {
          ...refOf(item),
          date: scope.through,
          error: `Documents: ${describe(error)}`,
        };
      }
    }
    if (item.failure) {
      await recordFailure(db, item.failure);
      summary.failures.push(item.failure);
    } else if (options.stores) {
      await clearFailures(db, refOf(item), scope.through);
    }
  });
  return summary;
}

const refOf = (item: Pending): PortfolioRef => ({
  firmId: item.firmId,
  portfolioId: item.portfolioId,
});

/** The portfolios in scope with the first day each has left to value. */
async function pendingOf(db: Db, scope: ValuationScope): Promise<Pending[]> {
  const refs = await portfoliosToValue(db, scope);
  if (refs.length === 0) return [];
  const rows = await db
    .select({
      portfolioId: portfolioBooks.portfolioId,
      valuedThrough: portfolioBooks.valuedThrough,
      inception: portfolios.inceptionDate,
    })
    .from(portfolioBooks)
    .innerJoin(portfolios, eq(portfolios.id, portfolioBooks.portfolioId))
    .where(
      inArray(
        portfolioBooks.portfolioId,
        refs.map((ref) => ref.portfolioId),
      ),
    );
  const starts = new Map(
    rows.map((row) => [
      row.portfolioId,
      row.valuedThrough ? nextDay(row.valuedThrough) : row.inception,
    ]),
  );
  return refs.flatMap((ref) => {
    const next = starts.get(ref.portfolioId);
    return next ? [{ ...ref, next, from: next }] : [];
  });
}

/** Runs `work` over `items`, at most `concurrency` at once. */
async function inTurn<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker),
  );
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
