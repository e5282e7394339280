/**
 * One portfolio valued for one business day, in one transaction (decision 024): the book is
 * read under a row lock, so two workers never value the same portfolio-day, and the ledger
 * rows, the new book, the holding report and the flows it moved are committed together or not
 * at all. A day already valued is left as it is.
 */
import {
  type BenchmarkReturns,
  periodReturn,
  periodStart,
  RETURN_PERIODS,
  type ReturnPeriod,
  type StrategyInput,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import {
  type DoNotTrade,
  formatIsoDate,
  type LedgerEntry,
  type loadSolver,
  type MarketHistory,
  parseIsoDate,
  type ValuedDay,
  valueDay,
} from '@ballast/engine';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { isMonthEnd } from '../business-days.ts';
import { type HoldingReportInput, recordHoldingReport } from '../holdings/holding-report.ts';
import { bookOf, centsOf, centsText, storedBookOf } from './book-codec.ts';

const {
  portfolioBooks,
  portfolios,
  strategyVersions,
  cashMovements,
  holdingReports,
  ledgerEntries,
} = schema;

export type ValuationEngine = {
  market: MarketHistory;
  solver: Awaited<ReturnType<typeof loadSolver>>;
};

export type PortfolioRef = { firmId: string; portfolioId: string };

/** What became of a portfolio-day: valued now, valued before, or not an open account that day. */
export type DayOutcome = 'valued' | 'already-valued' | 'not-open';

type Flow = { id: string; actionId: string; kind: 'DEPOSIT' | 'WITHDRAWAL'; cents: number };

/** The close each period's figures start from, as stored on that day's report. */
type PeriodOpening = { nav: number; growth: number; netFlows: number };

const BENCHMARK_PERIODS = ['1m', '3m', '6m', 'ytd', '1y', 'total'] as const;

export async function valuePortfolioDay(
  db: Db,
  engine: ValuationEngine,
  ref: PortfolioRef,
  date: string,
): Promise<DayOutcome> {
  return db.transaction(async (tx) => {
    // The book and its account in one statement; only the book is locked.
    const [row] = await tx
      .select({
        book: portfolioBooks,
        status: portfolios.status,
        inceptionDate: portfolios.inceptionDate,
        userDnt: portfolios.userDnt,
        strategyVersionId: portfolios.currentStrategyVersionId,
        strategy: strategyVersions.strategy,
      })
      .from(portfolioBooks)
      .innerJoin(portfolios, eq(portfolios.id, portfolioBooks.portfolioId))
      .innerJoin(strategyVersions, eq(strategyVersions.id, portfolios.currentStrategyVersionId))
      .where(
        and(eq(portfolioBooks.portfolioId, ref.portfolioId), eq(portfolioBooks.firmId, ref.firmId)),
      )
      .for('update', { of: portfolioBooks });
    if (!row) return 'not-open';
    const { book, ...account } = row;
    if (book.valuedThrough !== null && book.valuedThrough >= date) return 'already-valued';
    if (!account.inceptionDate || account.status === 'CLOSED' || date < account.inceptionDate) {
      return 'not-open';
    }
    const flows = await pendingFlows(tx, ref.portfolioId, date);
    const deposits = sumOf(flows, 'DEPOSIT');
    const withdrawals = sumOf(flows, 'WITHDRAWAL');
    const previous = await previousReport(tx, ref.portfolioId, date);
    const strategy = account.strategy as StrategyInput;
    const valued = valueDay(
      {
        market: engine.market,
        day: parseIsoDate(date),
        previousDay: previous ? parseIsoDate(previous.reportDate) : null,
        book: bookOf({
          cashCents: centsOf(book.cash),
          lots: book.lots,
          recentLossSales: book.recentLossSales,
          realisedGainsCents: centsOf(book.realizedGains),
        }),
        previous: previous
          ? { navCents: centsOf(previous.nav), unrealisedCents: centsOf(previous.unrealized) }
          : null,
        strategy,
        strategyChanged:
          book.strategyVersionId !== null && book.strategyVersionId !== account.strategyVersionId,
        dnt: (account.userDnt ?? null) as DoNotTrade,
        depositCents: deposits,
        withdrawalCents: withdrawals,
      },
      engine.solver,
    );

    await appendLedger(tx, ref, date, valued.entries, flows);
    const stored = storedBookOf(valued.book);
    await tx
      .update(portfolioBooks)
      .set({
        cash: centsText(stored.cashCents),
        lots: stored.lots,
        recentLossSales: stored.recentLossSales,
        realizedGains: centsText(stored.realisedGainsCents),
        valuedThrough: date,
        strategyVersionId: account.strategyVersionId,
        updatedAt: new Date(),
      })
      .where(eq(portfolioBooks.id, book.id));
    if (flows.length > 0) {
      await tx
        .update(cashMovements)
        .set({ valuedOn: date })
        .where(
          inArray(
            cashMovements.id,
            flows.map((flow) => flow.id),
          ),
        );
    }
    const netFlows = centsOf(previous?.netFlowsToDate ?? null) + deposits - withdrawals;
    const growth = (previous?.growthIndex ?? 1) * (1 + valued.figures.dailyReturn);
    const report = await reportOf(tx, engine.market, {
      ref,
      date,
      inceptionDate: account.inceptionDate,
      previous,
      valued,
      strategy,
      netFlows,
      growth,
    });
    if (previous && !isMonthEnd(previous.reportDate)) {
      // A day's asset lines stay while its report is the current one; month ends keep theirs
      // for the statements (decision 024). The ledger holds every day's positions.
      await tx.execute(sql`delete from asset_lines where report_id = ${previous.id}`);
    }
    await tx
      .delete(schema.valuationFailures)
      .where(
        and(
          eq(schema.valuationFailures.portfolioId, ref.portfolioId),
          eq(schema.valuationFailures.reportDate, date),
        ),
      );
    // Last: making the report current moves the firm's list version (decision 010), a row every
    // portfolio of the firm updates, so its lock is held only until the commit.
    await recordHoldingReport(tx, { firmId: ref.firmId, portfolioId: ref.portfolioId, report });
    return 'valued';
  });
}

function sumOf(flows: readonly Flow[], kind: Flow['kind']): number {
  return flows.filter((flow) => flow.kind === kind).reduce((sum, flow) => sum + flow.cents, 0);
}

/** Money operations moved in or out that no valued day has taken into the book yet. */
async function pendingFlows(tx: Tx, portfolioId: string, date: string): Promise<Flow[]> {
  const rows = await tx
    .select({
      id: cashMovements.id,
      actionId: cashMovements.actionId,
      kind: cashMovements.kind,
      amount: cashMovements.amount,
    })
    .from(cashMovements)
    .where(
      and(
        eq(cashMovements.portfolioId, portfolioId),
        isNull(cashMovements.valuedOn),
        lte(cashMovements.occurredOn, date),
      ),
    )
    .orderBy(cashMovements.occurredOn, cashMovements.id);
  return rows.map((row) => ({ ...row, cents: centsOf(row.amount) }));
}

async function previousReport(tx: Tx, portfolioId: string, date: string) {
  const [row] = await tx
    .select({
      id: holdingReports.id,
      reportDate: holdingReports.reportDate,
      nav: holdingReports.nav,
      unrealized: holdingReports.unrealized,
      netFlowsToDate: holdingReports.netFlowsToDate,
      growthIndex: holdingReports.growthIndex,
      taxLossHarvested: holdingReports.taxLossHarvested,
      annualTaxLoss: holdingReports.annualTaxLoss,
    })
    .from(holdingReports)
    .where(
      and(eq(holdingReports.portfolioId, portfolioId), sql`${holdingReports.reportDate} < ${date}`),
    )
    .orderBy(sql`${holdingReports.reportDate} desc`)
    .limit(1);
  return row;
}

type PreviousReport = NonNullable<Awaited<ReturnType<typeof previousReport>>>;

/**
 * The day's ledger rows, numbered from 0. The engine books a day's flows as one sum; the ledger
 * keeps one row per completed action, so each names the request it carried out.
 */
async function appendLedger(
  tx: Tx,
  ref: PortfolioRef,
  date: string,
  entries: readonly LedgerEntry[],
  flows: readonly Flow[],
): Promise<void> {
  const flowRows = flows.map((flow) => ({
    kind: flow.kind,
    reason: 'FLOW',
    instrument: null,
    quantity: '0',
    cash: centsText(flow.kind === 'DEPOSIT' ? flow.cents : -flow.cents),
    income: '0',
    fee: '0',
    actionId: flow.actionId,
  }));
  const tradeRows = entries
    .filter((entry) => entry.reason !== 'FLOW')
    .map((entry) => ({
      kind: entry.kind,
      reason: entry.reason,
      instrument: entry.instrument,
      quantity: String(entry.quantity),
      cash: centsText(entry.cashCents),
      income: centsText(entry.incomeCents),
      fee: centsText(entry.feeCents),
      actionId: null,
      ...(entry.realised && {
        acquiredOn: formatIsoDate(entry.realised.acquired),
        costBasis: centsText(entry.realised.costCents),
        proceeds: centsText(entry.realised.proceedsCents),
        gainLoss: centsText(entry.realised.gainCents),
        term: entry.realised.term,
        washSaleDisallowed: centsText(entry.realised.washSaleDisallowedCents),
      }),
      ...(entry.washedLoss && {
        washedLosses: entry.washedLoss.map((loss) => ({
          instrument: loss.instrument,
          soldOn: formatIsoDate(loss.soldDay),
          disallowedCents: loss.disallowedCents,
        })),
      }),
    }));
  const rows = [...flowRows, ...tradeRows].map((row, seq) => ({
    ...row,
    firmId: ref.firmId,
    portfolioId: ref.portfolioId,
    entryDate: date,
    seq,
  }));
  if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);
}

/** Each period's opening close: the last report on or before the day the period starts from. */
async function periodOpenings(
  tx: Tx,
  portfolioId: string,
  starts: readonly string[],
): Promise<Map<string, PeriodOpening>> {
  const unique = [...new Set(starts)];
  if (unique.length === 0) return new Map();
  const dates = sql.join(
    unique.map((start) => sql`${start}::date`),
    sql`, `,
  );
  // The openings are the latest report on or before each start; a start's own opening is then
  // the latest of these rows on or before it.
  const rows = await tx
    .select({
      reportDate: holdingReports.reportDate,
      nav: holdingReports.nav,
      growth: holdingReports.growthIndex,
      netFlows: holdingReports.netFlowsToDate,
    })
    .from(holdingReports)
    .where(
      and(
        eq(holdingReports.portfolioId, portfolioId),
        sql`${holdingReports.reportDate} in (
          select (select max(h.report_date) from holding_reports h
                  where h.portfolio_id = ${portfolioId} and h.report_date <= s.start)
          from unnest(array[${dates}]) as s(start))`,
      ),
    )
    .orderBy(sql`${holdingReports.reportDate} desc`);
  const openings = new Map<string, PeriodOpening>();
  for (const start of unique) {
    const row = rows.find((candidate) => candidate.reportDate <= start);
    if (row) {
      openings.set(start, {
        nav: centsOf(row.nav),
        growth: row.growth ?? 1,
        netFlows: centsOf(row.netFlows),
      });
    }
  }
  return openings;
}

type ReportContext = {
  ref: PortfolioRef;
  date: string;
  inceptionDate: string;
  previous: PreviousReport | undefined;
  valued: ValuedDay;
  strategy: StrategyInput;
  netFlows: number;
  growth: number;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The day's holding report (product §3): the engine's figures, each period's return read from
 * the growth of a dollar since inception and the nav and flows at the period's opening close,
 * and the benchmark's returns over the same periods.
 */
async function reportOf(
  tx: Tx,
  market: MarketHistory,
  context: ReportContext,
): Promise<HoldingReportInput> {
  const { date, inceptionDate, previous, valued, netFlows, growth } = context;
  const { figures } = valued;
  const starts = new Map<ReturnPeriod, string>();
  for (const period of RETURN_PERIODS) {
    const start = periodStart(period, date, inceptionDate, previous?.reportDate ?? null);
    if (start) starts.set(period, start);
  }
  const openings = await periodOpenings(tx, context.ref.portfolioId, [...starts.values()]);
  const beforeInception = starts.get('total');
  const returns: Record<string, number | null> = {};
  for (const period of RETURN_PERIODS) {
    const start = starts.get(period);
    // The close before inception held nothing: a dollar had not yet grown.
    const opening =
      start === undefined
        ? undefined
        : (openings.get(start) ??
          (start === beforeInception ? { nav: 0, growth: 1, netFlows: 0 } : undefined));
    returns[`return_${period}_pct`] =
      start && opening
        ? round2(periodReturn(opening.growth, growth, start, date).value * 100)
        : null;
    returns[`return_${period}_usd`] =
      start && opening
        ? (figures.navCents - opening.nav - (netFlows - opening.netFlows)) / 100
        : null;
  }
  const kind = context.strategy.style === 'B' ? 'bond' : 'token';
  const today = market.on(parseIsoDate(date)).benchmark(kind);
  const benchmark: Record<string, number | null> = {};
  for (const period of BENCHMARK_PERIODS) {
    const start = starts.get(period);
    benchmark[period] = start
      ? round2((today / market.on(parseIsoDate(start)).benchmark(kind) - 1) * 100)
      : null;
  }
  const sameYear = previous?.reportDate.slice(0, 4) === date.slice(0, 4);
  const harvested = figures.harvestedLossCents / 100;
  const harvestedToDate = (previous?.taxLossHarvested ?? 0) + harvested;
  const taxRate = context.strategy.tax_data.tax_rate / 100;
  return {
    report_date: date,
    nav: figures.navCents / 100,
    ytw: figures.ytw,
    duration: figures.duration,
    annual_tax_loss: round2((sameYear ? (previous?.annualTaxLoss ?? 0) : 0) + harvested),
    tey: figures.tey,
    percent_portfolio_analyzed: figures.percentPortfolioAnalyzed,
    average_rating: figures.averageRating,
    tax_loss_harvested: round2(harvestedToDate),
    tax_loss_value: round2(harvestedToDate * taxRate),
    ...(returns as Pick<HoldingReportInput, `return_${ReturnPeriod}_${'usd' | 'pct'}`>),
    report_date_deposit_usd: figures.depositCents / 100,
    report_date_withdraw_usd: figures.withdrawalCents / 100,
    report_date_realized_gain: figures.realisedGainCents / 100,
    report_date_realized_loss: figures.realisedLossCents / 100,
    number_of_holdings: figures.numberOfHoldings,
    assets: valued.assetLines,
    benchmark_returns: benchmark as BenchmarkReturns,
    valuation: {
      cash: centsText(figures.cashCents),
      accruedInterest: centsText(figures.accruedCents),
      unrealized: centsText(figures.unrealisedCents),
      income: centsText(figures.incomeCents),
      fees: centsText(figures.feesCents),
      realizedPriceChange: centsText(figures.realisedPriceChangeCents),
      harvestedLoss: centsText(figures.harvestedLossCents),
      netFlowsToDate: centsText(netFlows),
      dailyReturn: figures.dailyReturn,
      growthIndex: growth,
      dntBlocked: valued.blocked,
    },
  };
}
