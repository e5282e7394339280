/**
 * What valuing a day needs from the database, read for many portfolios at once: each one's book
 * (with the row version its write is conditional on), account, flows not yet taken in and the
 * last report before the day in one statement; then the closes each return period opens from in
 * another. A run reads a batch of portfolios in two round trips, not a few per portfolio.
 */
import { type Db, type StoredLossSale, type StoredLot, schema, statementRows } from '@ballast/db';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { portfolioRows, unnestOf } from './array-param.ts';
import { centsOf } from './book-codec.ts';
import type { PortfolioRef } from './portfolio-day.ts';

const { portfolioBooks, portfolios, strategyVersions, holdingReports } = schema;

export type Flow = { id: string; actionId: string; kind: 'DEPOSIT' | 'WITHDRAWAL'; cents: number };

export type PreviousReport = {
  id: string;
  reportDate: string;
  nav: string;
  unrealized: string | null;
  netFlowsToDate: string | null;
  growthIndex: number | null;
  taxLossHarvested: number | null;
  annualTaxLoss: number | null;
};

export type DayInput = PortfolioRef & {
  /** The book row's version when read: the day is written only if it is unchanged. */
  version: string;
  cash: string;
  lots: StoredLot[];
  recentLossSales: StoredLossSale[];
  realizedGains: string;
  valuedThrough: string | null;
  boughtFor: string | null;
  status: string;
  inceptionDate: string | null;
  userDnt: string | null;
  strategyVersionId: string;
  strategy: unknown;
  flows: Flow[];
  previous: PreviousReport | null;
  /** A report of the day exists already (stored by a custodian's feed): the valuation replaces it. */
  replacesReport: boolean;
};

/** The close a period opens from: that day's nav, growth of a dollar and flows to date. */
export type PeriodOpening = { nav: number; growth: number; netFlows: number };

/** Portfolios `refs` with books, by portfolio id; one without a book is absent. */
export async function readDayInputs(
  db: Db,
  refs: readonly PortfolioRef[],
  date: string,
): Promise<Map<string, DayInput>> {
  if (refs.length === 0) return new Map();
  const previous = db
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
      and(
        eq(holdingReports.portfolioId, portfolioBooks.portfolioId),
        lt(holdingReports.reportDate, date),
      ),
    )
    .orderBy(desc(holdingReports.reportDate))
    .limit(1)
    .as('previous');
  const rows = await db
    .select({
      portfolioId: portfolioBooks.portfolioId,
      firmId: portfolioBooks.firmId,
      version: sql<string>`${portfolioBooks}.xmin::text`,
      cash: portfolioBooks.cash,
      lots: portfolioBooks.lots,
      recentLossSales: portfolioBooks.recentLossSales,
      realizedGains: portfolioBooks.realizedGains,
      valuedThrough: portfolioBooks.valuedThrough,
      boughtFor: portfolioBooks.strategyVersionId,
      status: portfolios.status,
      inceptionDate: portfolios.inceptionDate,
      userDnt: portfolios.userDnt,
      strategyVersionId: strategyVersions.id,
      strategy: strategyVersions.strategy,
      flows: sql<{ id: string; actionId: string; kind: Flow['kind']; amount: string }[]>`(
        select coalesce(json_agg(json_build_object(
          'id', m.id, 'actionId', m.action_id, 'kind', m.kind, 'amount', m.amount::text
        ) order by m.occurred_on, m.id), '[]'::json)
        from cash_movements m
        where m.portfolio_id = ${portfolioBooks.portfolioId} and m.valued_on is null
          and m.occurred_on <= ${date})`,
      replacesReport: sql<boolean>`exists (select 1 from holding_reports h
        where h.portfolio_id = ${portfolioBooks.portfolioId} and h.report_date = ${date})`,
      previous: {
        id: previous.id,
        reportDate: previous.reportDate,
        nav: previous.nav,
        unrealized: previous.unrealized,
        netFlowsToDate: previous.netFlowsToDate,
        growthIndex: previous.growthIndex,
        taxLossHarvested: previous.taxLossHarvested,
        annualTaxLoss: previous.annualTaxLoss,
      },
    })
    .from(portfolioBooks)
    .innerJoin(portfolios, eq(portfolios.id, portfolioBooks.portfolioId))
    .innerJoin(strategyVersions, eq(strategyVersions.id, portfolios.currentStrategyVersionId))
    .leftJoinLateral(previous, sql`true`)
    .where(
      sql`(${portfolioBooks.portfolioId}, ${portfolioBooks.firmId})
        in (select * from ${portfolioRows(refs)})`,
    );
  return new Map(
    rows.map((row) => [
      row.portfolioId,
      {
        ...row,
        userDnt: row.userDnt ?? null,
        flows: row.flows.map(({ amount, ...flow }) => ({ ...flow, cents: centsOf(amount) })),
        previous: row.previous?.id ? (row.previous as PreviousReport) : null,
      },
    ]),
  );
}

export type OpeningRequest = PortfolioRef & { start: string };

const openingKey = (portfolioId: string, start: string) => `${portfolioId}@${start}`;

/**
 * Each request's opening close: the last report on or before its start day. A start with no
 * report on or before it (the day before inception) is absent. The firm is checked on the report
 * found, not in the search for it (a portfolio's reports are all its firm's): with the firm in
 * the search, the embedded database, which has no column statistics to tell it that a firm's
 * reports are most of the table, expected one report and read every report of the portfolio
 * before the start to sort them, a cost that grew with the history (decision 036).
 */
export async function readPeriodOpenings(
  db: Db,
  requests: readonly OpeningRequest[],
): Promise<(portfolioId: string, start: string) => PeriodOpening | undefined> {
  const unique = [
    ...new Map(
      requests.map((request) => [openingKey(request.portfolioId, request.start), request]),
    ).values(),
  ];
  const rows =
    unique.length === 0
      ? []
      : await statementRows<{
          portfolioId: string;
          start: string;
          nav: string;
          growth: number | null;
          netFlows: string | null;
        }>(
          db,
          sql`select s.portfolio_id::text as "portfolioId", s.start::text as start,
              h.nav::text as nav, h.growth_index as growth, h.net_flows_to_date::text as "netFlows"
            from ${unnestOf([
              [unique.map((request) => request.portfolioId), 'uuid'],
              [unique.map((request) => request.firmId), 'uuid'],
              [unique.map((request) => request.start), 'date'],
            ])} as s(portfolio_id, firm_id, start)
            cross join lateral (
              select nav, growth_index, net_flows_to_date, firm_id from holding_reports h
              where h.portfolio_id = s.portfolio_id and h.report_date <= s.start
              order by h.report_date desc limit 1) h
            where h.firm_id = s.firm_id`,
        );
  const openings = new Map(
    rows.map((row) => [
      openingKey(row.portfolioId, row.start),
      { nav: centsOf(row.nav), growth: row.growth ?? 1, netFlows: centsOf(row.netFlows) },
    ]),
  );
  return (portfolioId, start) => openings.get(openingKey(portfolioId, start));
}
