/**
 * Portfolios valued for one business day (decision 024). Their inputs are read for all of them
 * at once; each is then valued by the engine and written in one statement of its own (see
 * day-write.ts), so each portfolio-day is one transaction, committed whole or not at all, and a
 * day already valued, by this run or another worker, is left as it is.
 */

import { setImmediate } from 'node:timers/promises';
import {
  periodReturn,
  periodStart,
  RETURN_PERIODS,
  type ReturnPeriod,
  type StrategyInput,
} from '@ballast/contract';
import type { Db } from '@ballast/db';
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
import { isMonthEnd } from '../business-days.ts';
import type { HoldingReportInput } from '../holdings/holding-report.ts';
import { benchmarkReturnsOf } from './benchmark-returns.ts';
import { bookOf, centsOf, centsText, storedBookOf } from './book-codec.ts';
import {
  type DayInput,
  type Flow,
  type OpeningRequest,
  type PeriodOpening,
  type PreviousReport,
  readDayInputs,
  readPeriodOpenings,
} from './day-inputs.ts';
import { type LedgerRow, type ValuedDayRecord, writeValuedDay } from './day-write.ts';

export type ValuationEngine = {
  market: MarketHistory;
  solver: Awaited<ReturnType<typeof loadSolver>>;
};

export type PortfolioRef = { firmId: string; portfolioId: string };

/** What became of a portfolio-day: valued now, valued before, or not an open account that day. */
export type DayOutcome = 'valued' | 'already-valued' | 'not-open';

/** A portfolio-day's outcome, or the error that stopped it (the others go on). */
export type DayResult = { outcome: DayOutcome } | { error: unknown };

/** Values `refs` for `date`; each portfolio's result, by portfolio id. */
export async function valuePortfolioDays(
  db: Db,
  engine: ValuationEngine,
  refs: readonly PortfolioRef[],
  date: string,
): Promise<Map<string, DayResult>> {
  const results = new Map<string, DayResult>();
  const inputs = await readDayInputs(db, refs, date);
  const due: { input: DayInput; valued: ValuedDay; starts: Map<ReturnPeriod, string> }[] = [];
  for (const ref of refs) {
    const input = inputs.get(ref.portfolioId);
    const skipped = input ? skippedAs(input, date) : 'not-open';
    if (skipped || !input) {
      results.set(ref.portfolioId, { outcome: skipped ?? 'not-open' });
      continue;
    }
    try {
      due.push({
        input,
        valued: valuedDayOf(engine, input, date),
        starts: periodStarts(date, input),
      });
    } catch (error) {
      results.set(ref.portfolioId, { error });
    }
    // The engine's work is synchronous, and the valuation may share its thread with the api's
    // requests (the embedded database's server values the demo's history while it answers,
    // decision 035): between two portfolios the requests waiting get their turn, so one waits
    // for a portfolio's day (an opening's construction, a fraction of a second), not a batch's.
    await setImmediate();
  }
  const openingOf = await readPeriodOpenings(
    db,
    due.flatMap(({ input, starts }): OpeningRequest[] =>
      [...starts.values()].map((start) => ({ ...refOf(input), start })),
    ),
  );
  for (const { input, valued, starts } of due) {
    try {
      const record = recordOf(engine.market, input, date, valued, starts, openingOf);
      const written = await writeValuedDay(db, record);
      results.set(input.portfolioId, { outcome: written ? 'valued' : 'already-valued' });
    } catch (error) {
      results.set(input.portfolioId, { error });
    }
  }
  return results;
}

/** Values one portfolio for one day; see valuePortfolioDays. */
export async function valuePortfolioDay(
  db: Db,
  engine: ValuationEngine,
  ref: PortfolioRef,
  date: string,
): Promise<DayOutcome> {
  const result = (await valuePortfolioDays(db, engine, [ref], date)).get(ref.portfolioId);
  if (!result || 'error' in result) throw result?.error ?? new Error('The day was not valued');
  return result.outcome;
}

const refOf = (input: DayInput): PortfolioRef => ({
  firmId: input.firmId,
  portfolioId: input.portfolioId,
});

/** Why a portfolio is not valued on `date`, if it is not. */
function skippedAs(input: DayInput, date: string): DayOutcome | null {
  if (input.valuedThrough !== null && input.valuedThrough >= date) return 'already-valued';
  if (!input.inceptionDate || input.status === 'CLOSED' || date < input.inceptionDate) {
    return 'not-open';
  }
  return null;
}

function sumOf(flows: readonly Flow[], kind: Flow['kind']): number {
  return flows.filter((flow) => flow.kind === kind).reduce((sum, flow) => sum + flow.cents, 0);
}

function valuedDayOf(engine: ValuationEngine, input: DayInput, date: string): ValuedDay {
  const { previous } = input;
  return valueDay(
    {
      market: engine.market,
      day: parseIsoDate(date),
      previousDay: previous ? parseIsoDate(previous.reportDate) : null,
      book: bookOf({
        cashCents: centsOf(input.cash),
        lots: input.lots,
        recentLossSales: input.recentLossSales,
        realisedGainsCents: centsOf(input.realizedGains),
      }),
      previous: previous
        ? { navCents: centsOf(previous.nav), unrealisedCents: centsOf(previous.unrealized) }
        : null,
      strategy: input.strategy as StrategyInput,
      strategyChanged: input.boughtFor !== null && input.boughtFor !== input.strategyVersionId,
      dnt: input.userDnt as DoNotTrade,
      depositCents: sumOf(input.flows, 'DEPOSIT'),
      withdrawalCents: sumOf(input.flows, 'WITHDRAWAL'),
    },
    engine.solver,
  );
}

/** The day each return period of the report opens from. */
function periodStarts(date: string, input: DayInput): Map<ReturnPeriod, string> {
  const starts = new Map<ReturnPeriod, string>();
  for (const period of RETURN_PERIODS) {
    const start = periodStart(
      period,
      date,
      input.inceptionDate as string,
      input.previous?.reportDate ?? null,
    );
    if (start) starts.set(period, start);
  }
  return starts;
}

function recordOf(
  market: MarketHistory,
  input: DayInput,
  date: string,
  valued: ValuedDay,
  starts: Map<ReturnPeriod, string>,
  openingOf: (portfolioId: string, start: string) => PeriodOpening | undefined,
): ValuedDayRecord {
  const { previous } = input;
  const deposits = sumOf(input.flows, 'DEPOSIT');
  const withdrawals = sumOf(input.flows, 'WITHDRAWAL');
  const netFlows = centsOf(previous?.netFlowsToDate ?? null) + deposits - withdrawals;
  const stored = storedBookOf(valued.book);
  return {
    ref: refOf(input),
    date,
    version: input.version,
    book: {
      cash: centsText(stored.cashCents),
      lots: stored.lots,
      recentLossSales: stored.recentLossSales,
      realizedGains: centsText(stored.realisedGainsCents),
      strategyVersionId: input.strategyVersionId,
    },
    ledger: ledgerRows(valued.entries, input.flows),
    flowIds: input.flows.map((flow) => flow.id),
    report: reportOf(market, {
      date,
      previous,
      valued,
      strategy: input.strategy as StrategyInput,
      netFlows,
      growth: (previous?.growthIndex ?? 1) * (1 + valued.figures.dailyReturn),
      starts,
      openingOf: (start) => openingOf(input.portfolioId, start),
    }),
    // A day's asset lines stay while its report is the current one; month ends keep theirs
    // for the statements (decision 024). The ledger holds every day's positions.
    pruneLinesOf: previous && !isMonthEnd(previous.reportDate) ? previous.id : null,
    replacesReport: input.replacesReport,
  };
}

/**
 * The day's ledger rows in order. The engine books a day's flows as one sum; the ledger keeps
 * one row per completed action, so each names the request it carried out.
 */
function ledgerRows(entries: readonly LedgerEntry[], flows: readonly Flow[]): LedgerRow[] {
  const flowRows = flows.map(
    (flow): LedgerRow => ({
      kind: flow.kind,
      reason: 'FLOW',
      instrument: null,
      quantity: '0',
      cash: centsText(flow.kind === 'DEPOSIT' ? flow.cents : -flow.cents),
      income: '0',
      fee: '0',
      actionId: flow.actionId,
    }),
  );
  const tradeRows = entries
    .filter((entry) => entry.reason !== 'FLOW')
    .map(
      (entry): LedgerRow => ({
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
      }),
    );
  return [...flowRows, ...tradeRows];
}

type ReportContext = {
  date: string;
  previous: PreviousReport | null;
  valued: ValuedDay;
  strategy: StrategyInput;
  netFlows: number;
  growth: number;
  starts: Map<ReturnPeriod, string>;
  openingOf: (start: string) => PeriodOpening | undefined;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The day's holding report (product §3): the engine's figures, each period's return read from
 * the growth of a dollar since inception and the nav and flows at the period's opening close,
 * and the benchmark's returns over the same periods.
 */
function reportOf(market: MarketHistory, context: ReportContext): HoldingReportInput {
  const { date, previous, valued, netFlows, growth, starts } = context;
  const { figures } = valued;
  const beforeInception = starts.get('total');
  const returns: Record<string, number | null> = {};
  for (const period of RETURN_PERIODS) {
    const start = starts.get(period);
    // The close before inception held nothing: a dollar had not yet grown.
    const opening =
      start === undefined
        ? undefined
        : (context.openingOf(start) ??
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
  const benchmark = benchmarkReturnsOf(
    (day) => market.on(parseIsoDate(day)).benchmark(kind),
    starts,
    date,
  );
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
    benchmark_returns: benchmark,
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
