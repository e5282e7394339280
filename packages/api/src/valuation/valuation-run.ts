/**
 * Values open portfolios through a date: each portfolio's missing business days in order, from
 * the day after the last one valued (or its inception) to the date, so a first run, a backfill
 * and a run resumed after a crash are the same code. A day that fails stops its portfolio there
 * (the next day starts from its book) and is recorded with its error; the others go on.
 */
import { type BlobStore, type Db, type SecretBox, schema } from '@ballast/db';
import { formatIsoDate, parseIsoDate } from '@ballast/engine';
import { and, eq, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { businessDaysFrom, isMonthEnd, nextDay } from '../business-days.ts';
import { arrayParam, portfolioRows } from './array-param.ts';
import { type DueDocument, dueDocuments, produceDocument } from './period-documents.ts';
import { type PortfolioRef, type ValuationEngine, valuePortfolioDays } from './portfolio-day.ts';

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
  const rows = await toValue(db, scope);
  return rows.map(({ firmId, portfolioId }) => ({ firmId, portfolioId }));
}

/** The portfolios to value, with the last day each was valued and its inception. */
function toValue(db: Db, scope: ValuationScope) {
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
    scope.portfolioIds
      ? sql`${portfolioBooks.portfolioId} = any(${arrayParam(scope.portfolioIds, 'uuid')})`
      : undefined,
  ];
  return db
    .select({
      firmId: portfolioBooks.firmId,
      portfolioId: portfolioBooks.portfolioId,
      valuedThrough: portfolioBooks.valuedThrough,
      inception: portfolios.inceptionDate,
    })
    .from(portfolioBooks)
    .innerJoin(portfolios, eq(portfolios.id, portfolioBooks.portfolioId))
    .where(and(...filters))
    .orderBy(portfolioBooks.portfolioId);
}

/**
 * A portfolio in a run, and the first day it has left to value. A day that fails stops its
 * valuation there; a document that fails stops only its documents, and the days go on.
 */
type Pending = PortfolioRef & {
  next: string;
  from: string;
  failure?: PortfolioFailure;
  documentFailure?: PortfolioFailure;
};

/** Portfolios read and valued together on a day: two reads for them all, then one write each. */
const BATCH = 100;

/** Portfolios per statement of the checks and clean-up that run once per run. */
const LIST_BATCH = 1_000;

/**
 * Values every portfolio in scope through `scope.through`, day by day: each business day, every
 * portfolio that has that day left to value, in batches, `concurrency` batches at a time (one
 * for the embedded database). Day by day rather than portfolio by portfolio, so a day's market
 * (its marks, and the whole market a construction or a harvest's ranking reads) is built once
 * for all of them. The statements and tax reports a month end is owed are made once it is
 * valued, so a history of years has its documents as far as it has come (decision 035).
 */
export async function runValuation(
  db: Db,
  engine: ValuationEngine,
  scope: ValuationScope,
  options: {
    concurrency?: number;
    stores?: DocumentStores;
    /** Told each business day once every portfolio due that day has been valued. */
    onDay?: (date: string, through: string) => void;
    /**
     * Awaited after each business day, before the next: the embedded database's vacuum and
     * checkpoint, which a server does by itself (decision 036).
     */
    afterDay?: () => Promise<unknown>;
    /**
     * Stops the run before its next day: the days valued stay, with their month ends'
     * documents, and the next run goes on from there.
     */
    signal?: AbortSignal;
  } = {},
): Promise<ValuationSummary> {
  const concurrency = options.concurrency ?? 1;
  const pending = await pendingOf(db, scope);
  const summary: ValuationSummary = { portfolios: pending.length, valued: 0, failures: [] };
  const first = pending.reduce((min, item) => (item.next < min ? item.next : min), scope.through);
  let isComplete = true;
  let documentsThrough: string | undefined;
  for (const date of businessDaysFrom(first, scope.through)) {
    if (options.signal?.aborted) {
      isComplete = false;
      break;
    }
    const due = pending.filter((item) => !item.failure && item.next <= date);
    const size = Math.max(1, Math.min(BATCH, Math.ceil(due.length / concurrency)));
    await inTurn(batchesOf(due, size), concurrency, async (batch) => {
      const results = await valuePortfolioDays(db, engine, batch, date).catch(
        (error: unknown) => new Map(batch.map((item) => [item.portfolioId, { error }])),
      );
      for (const item of batch) {
        const result = results.get(item.portfolioId);
        if (result && 'error' in result) {
          item.failure = { ...refOf(item), date, error: describe(result.error) };
        } else if (result?.outcome === 'valued') {
          summary.valued += 1;
        }
      }
    });
    // A history of many months makes each month's documents as it ends, so a run stopped later
    // (a shutdown, a crash) leaves none owed further back than the next run looks.
    if (options.stores && isMonthEnd(date)) {
      await produceDocuments(db, engine, options.stores, pending, date, scope.through);
      documentsThrough = date;
    }
    options.onDay?.(date, scope.through);
    await options.afterDay?.();
  }
  if (options.stores && isComplete && documentsThrough !== scope.through) {
    await produceDocuments(db, engine, options.stores, pending, scope.through, scope.through);
  }
  const failed = pending.flatMap((item) => {
    const failure = item.failure ?? item.documentFailure;
    return failure ? [failure] : [];
  });
  for (const failure of failed) await recordFailure(db, failure);
  summary.failures.push(...failed);
  // A stopped run has not valued every day through `scope.through`: no failure through it is
  // over yet.
  if (options.stores && isComplete) {
    const done = pending.filter((item) => !item.failure && !item.documentFailure).map(refOf);
    for (const batch of batchesOf(done, LIST_BATCH)) await clearFailures(db, batch, scope.through);
  }
  return summary;
}

/**
 * The statements and tax reports owed by the month ends of the days the run valued and of the
 * days before them (a run that stopped between valuing a month's last day and making its
 * statement makes it next time). A document that fails stops its portfolio's documents there.
 */
async function produceDocuments(
  db: Db,
  engine: ValuationEngine,
  stores: DocumentStores,
  pending: readonly Pending[],
  through: string,
  runThrough: string,
): Promise<void> {
  const valued = pending.filter((item) => !item.failure && !item.documentFailure);
  if (valued.length === 0) return;
  const earliest = valued.reduce((min, item) => (item.from < min ? item.from : min), through);
  const since = formatIsoDate(parseIsoDate(earliest) - DOCUMENT_LOOKBACK_DAYS);
  const byPortfolio = new Map(valued.map((item) => [item.portfolioId, item]));
  const owed: DueDocument[] = [];
  for (const batch of batchesOf(valued, LIST_BATCH)) {
    owed.push(...(await dueDocuments(db, batch, since, through)));
  }
  const services = { db, ...stores, market: engine.market };
  await inTurn(owed, 1, async (document) => {
    const item = byPortfolio.get(document.portfolioId);
    if (!item || item.failure || item.documentFailure) return;
    try {
      await produceDocument(services, document);
    } catch (error) {
      // Recorded against the run's last day, so that running it again retries the document.
      const failure = `Documents: ${describe(error)}`;
      item.documentFailure = { ...refOf(item), date: runThrough, error: failure };
    }
  });
}

function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

const refOf = (item: Pending): PortfolioRef => ({
  firmId: item.firmId,
  portfolioId: item.portfolioId,
});

/** The portfolios in scope with the first day each has left to value. */
async function pendingOf(db: Db, scope: ValuationScope): Promise<Pending[]> {
  const rows = await toValue(db, scope);
  return rows.flatMap(({ firmId, portfolioId, valuedThrough, inception }) => {
    const next = valuedThrough ? nextDay(valuedThrough) : inception;
    return next ? [{ firmId, portfolioId, next, from: next }] : [];
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
 * database, and never carries client data (the valuation's inputs hold no personal fields). A
 * failed statement is described by the database's reason, not by the statement and its values.
 */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.cause instanceof Error && 'query' in error) return describe(error.cause);
  return `${error.name}: ${error.message}`;
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

/** Every day through `through` is valued and its documents made: their failures are over. */
async function clearFailures(
  db: Db,
  refs: readonly PortfolioRef[],
  through: string,
): Promise<void> {
  if (refs.length === 0) return;
  await db.delete(valuationFailures).where(
    and(
      sql`(${valuationFailures.portfolioId}, ${valuationFailures.firmId})
        in (select * from ${portfolioRows(refs)})`,
      lte(valuationFailures.reportDate, through),
    ),
  );
}
