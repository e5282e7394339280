/**
 * The statements and tax reports the valuation produces (decision 024): a statement for each
 * month on its last business day, a tax report for each year on its last, drawn from the
 * records the valued days wrote: holding reports for the values, flows and returns, the ledger
 * for income, realised gains and losses and the lots sold. Each is made once (a document of
 * that kind and day is never made twice) and a run that stopped before making one makes it on
 * its next pass over that portfolio.
 */

import { dayBefore, periodReturn } from '@ballast/contract';
import { type BlobStore, type Db, type SecretBox, schema, statementRows } from '@ballast/db';
import {
  type Account,
  type Client,
  type Firm,
  type LogoContentType,
  renderStatement,
  renderTaxReport,
  type StatementData,
  type TaxLot,
  type TaxReportData,
  type Term,
} from '@ballast/documents';
import { BOND_CLASSES, formatIsoDate, type MarketHistory, parseIsoDate } from '@ballast/engine';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { readCurrentAccount } from '../accounts/current-account.ts';
import { businessDaysFrom, isMonthEnd, isYearEnd } from '../business-days.ts';
import { storeDocument } from '../documents/document-store.ts';
import { ASSET_CLASSES } from '../holdings/holding-report.ts';
import { readRealisedLots } from '../ledger/realised-lots.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import { arrayParam, portfolioRows } from './array-param.ts';
import { centsOf } from './book-codec.ts';
import type { PortfolioRef } from './portfolio-day.ts';
import { type InterestLine, taxYearIncome } from './tax-year-income.ts';

const { holdingReports, ledgerEntries, firms, portfolios, assetLines } = schema;

export type DocumentServices = { db: Db; blobs: BlobStore; box: SecretBox; market: MarketHistory };

const dollars = (cents: number) => cents / 100;
const money = (text: string | null) => dollars(centsOf(text));

export type DocumentKind = 'STATEMENT' | 'TAX_REPORT';

/** A statement or tax report a valued month or year end is owed. */
export type DueDocument = PortfolioRef & { kind: DocumentKind; date: string };

/**
 * The statements and tax reports missing for the valued month and year ends in [from, through]
 * of `refs`: one statement for any number of portfolios, so the run's check costs nothing per
 * portfolio on the days that end no month.
 */
export async function dueDocuments(
  db: Db,
  refs: readonly PortfolioRef[],
  from: string,
  through: string,
): Promise<DueDocument[]> {
  const monthEnds = businessDaysFrom(from, through).filter(isMonthEnd);
  if (monthEnds.length === 0 || refs.length === 0) return [];
  const yearEnds = monthEnds.filter(isYearEnd);
  return statementRows<DueDocument>(
    db,
    sql`select h.portfolio_id::text as "portfolioId", h.firm_id::text as "firmId",
        h.report_date::text as date, k.kind
      from ${portfolioRows(refs)} as p(portfolio_id, firm_id)
      join holding_reports h on h.portfolio_id = p.portfolio_id and h.firm_id = p.firm_id
      cross join (values ('STATEMENT'), ('TAX_REPORT')) as k(kind)
      where h.report_date = any(${arrayParam(monthEnds, 'date')})
        and (k.kind = 'STATEMENT'
          or h.report_date = any(${arrayParam(yearEnds, 'date')}))
        and not exists (select 1 from documents d
          where d.portfolio_id = h.portfolio_id and d.kind = k.kind
            and d.report_date = h.report_date)
      order by h.portfolio_id, h.report_date, k.kind`,
  );
}

/** Makes one statement or tax report; answers 1, or 0 when another worker made it first. */
export async function produceDocument(
  services: DocumentServices,
  due: DueDocument,
): Promise<number> {
  const ref = { firmId: due.firmId, portfolioId: due.portfolioId };
  const bytes =
    due.kind === 'STATEMENT'
      ? await renderStatement(await statementData(services, ref, due.date))
      : await renderTaxReport(await taxReportData(services, ref, due.date));
  return keep(services, ref, due.kind, due.date, bytes);
}

async function keep(
  services: DocumentServices,
  ref: PortfolioRef,
  kind: DocumentKind,
  date: string,
  bytes: Uint8Array,
): Promise<number> {
  const fileName =
    kind === 'STATEMENT'
      ? `statement-${date.slice(0, 7)}.pdf`
      : `tax-report-${date.slice(0, 4)}.pdf`;
  try {
    await storeDocument(services.db, services.blobs, {
      ...ref,
      kind,
      reportDate: date,
      fileName,
      bytes,
      contentType: 'application/pdf',
    });
    return 1;
  } catch (error) {
    // Another worker made it first: the unique index keeps one per kind and day.
    if (isUniqueViolation(error)) return 0;
    throw error;
  }
}

/** The firm, client and account a document is addressed to. */
async function addressOf(
  services: DocumentServices,
  ref: PortfolioRef,
): Promise<{
  firm: Firm;
  client: Client;
  account: Account;
  strategySummary: string;
  style: string;
}> {
  const { db, box } = services;
  const [row] = await db
    .select({
      firmName: firms.name,
      logo: firms.logo,
      logoType: firms.logoContentType,
      clientName: portfolios.clientName,
      summary: schema.strategyVersions.summary,
      style: schema.strategyVersions.style,
    })
    .from(portfolios)
    .innerJoin(firms, eq(firms.id, portfolios.firmId))
    .innerJoin(
      schema.strategyVersions,
      eq(schema.strategyVersions.id, portfolios.currentStrategyVersionId),
    )
    .where(and(eq(portfolios.id, ref.portfolioId), eq(portfolios.firmId, ref.firmId)));
  if (!row) throw new Error(`Portfolio ${ref.portfolioId} has no open account.`);
  const account = await readCurrentAccount(db, box, { id: ref.portfolioId });
  const custodian = account.custodians[0];
  return {
    firm: {
      name: row.firmName,
      ...(row.logo && row.logoType
        ? { logo: { bytes: row.logo, contentType: row.logoType as LogoContentType } }
        : {}),
    },
    client: { name: row.clientName, accountType: account.clientData?.account_type ?? '' },
    account: {
      custodianName: custodian?.custodian_name ?? '',
      accountNumber: custodian?.custodian_account ?? '',
    },
    strategySummary: row.summary,
    style: row.style,
  };
}

/** The report at the close a period starts from: the last one before its first day. */
async function closeBefore(db: Db, portfolioId: string, day: string) {
  const [row] = await db
    .select({
      reportDate: holdingReports.reportDate,
      nav: holdingReports.nav,
      unrealized: holdingReports.unrealized,
      growth: holdingReports.growthIndex,
    })
    .from(holdingReports)
    .where(and(eq(holdingReports.portfolioId, portfolioId), lt(holdingReports.reportDate, day)))
    .orderBy(desc(holdingReports.reportDate))
    .limit(1);
  return row;
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const firstOfYear = (date: string) => `${date.slice(0, 4)}-01-01`;

async function statementData(
  services: DocumentServices,
  ref: PortfolioRef,
  date: string,
): Promise<StatementData> {
  const { db, market } = services;
  const address = await addressOf(services, ref);
  const start = firstOfMonth(date);
  const opening = await closeBefore(db, ref.portfolioId, start);
  const [sums] = await db
    .select({
      deposits: sql<string>`coalesce(sum(${holdingReports.depositUsd}), 0)`,
      withdrawals: sql<string>`coalesce(sum(${holdingReports.withdrawUsd}), 0)`,
      income: sql<string>`coalesce(sum(${holdingReports.income}), 0)`,
      fees: sql<string>`coalesce(sum(${holdingReports.fees}), 0)`,
      realized: sql<string>`coalesce(sum(${holdingReports.realizedPriceChange}), 0)`,
      first: sql<string>`min(${holdingReports.reportDate})`,
    })
    .from(holdingReports)
    .where(
      and(
        eq(holdingReports.portfolioId, ref.portfolioId),
        gte(holdingReports.reportDate, start),
        lte(holdingReports.reportDate, date),
      ),
    );
  const [closing] = await db
    .select({
      id: holdingReports.id,
      nav: holdingReports.nav,
      unrealized: holdingReports.unrealized,
      cash: holdingReports.cash,
      growth: holdingReports.growthIndex,
    })
    .from(holdingReports)
    .where(
      and(eq(holdingReports.portfolioId, ref.portfolioId), eq(holdingReports.reportDate, date)),
    );
  if (!closing || !sums) throw new Error(`No report of ${date} for the statement.`);
  const entries = await ledgerBetween(db, ref.portfolioId, start, date);
  const incomeOf = (kind: string) =>
    entries.filter((entry) => entry.kind === kind).reduce((sum, e) => sum + centsOf(e.income), 0);
  const incomeCents = centsOf(sums.income);
  const staking = incomeOf('STAKING_REWARD');
  const cashInterest = incomeOf('CASH_INTEREST');
  const realised = realisedByTerm(entries);
  const lines = await db
    .select()
    .from(assetLines)
    .where(eq(assetLines.reportId, closing.id))
    .orderBy(asc(assetLines.position));
  const kind = address.style === 'B' ? 'bond' : 'token';
  const growthAt = async (day: string) =>
    (await closeBefore(db, ref.portfolioId, day))?.growth ?? 1;
  const performance = [] as StatementData['performance'];
  for (const [label, from] of [
    ['This month', start],
    ['Year to date', firstOfYear(date)],
    ['Since inception', sums.first < start ? start : sums.first],
  ] as const) {
    const inception = label === 'Since inception';
    const opened = inception ? dayBefore(await inceptionOf(db, ref.portfolioId)) : dayBefore(from);
    const fromGrowth = inception ? 1 : await growthAt(from);
    const benchmarkFrom = market.on(parseIsoDate(opened)).benchmark(kind);
    const benchmarkTo = market.on(parseIsoDate(date)).benchmark(kind);
    performance.push({
      period: label,
      portfolioPct: round2(periodReturn(fromGrowth, closing.growth ?? 1, opened, date).value * 100),
      // Measured as the portfolio's return is, so the two compare over any period.
      benchmarkPct: round2(periodReturn(benchmarkFrom, benchmarkTo, opened, date).value * 100),
    });
  }
  return {
    ...address,
    period: { start, end: date },
    openingValue: money(opening?.nav ?? null),
    closingValue: money(closing.nav),
    deposits: money(sums.deposits),
    withdrawals: money(sums.withdrawals),
    income: {
      interest: dollars(incomeCents - staking - cashInterest),
      staking: dollars(staking),
      cashInterest: dollars(cashInterest),
    },
    realisedPriceChange: money(sums.realized),
    unrealisedPriceChange: dollars(
      centsOf(closing.unrealized) - centsOf(opening?.unrealized ?? null),
    ),
    fees: money(sums.fees),
    realised,
    holdings: lines
      .filter((line) => line.assetClass !== ASSET_CLASSES.cash)
      .map((line) => ({
        description: line.description,
        cusip: line.cusip,
        assetClass: line.assetClass,
        quantity: Number(line.quantity),
        price: line.lastPriceUsd,
        marketValue: money(line.currentValueUsd),
        costBasis: money(line.costBasis),
        unrealisedGainLoss: money(line.totalGainLossUsd),
        percentOfAccount: round2(line.percentAccount),
      })),
    cash: money(closing.cash),
    performance,
    benchmarkName: kind === 'bond' ? 'Municipal bond index' : 'Top ten tokens by market value',
    transactions: entries.map((entry) => ({
      date: entry.entryDate,
      kind: entry.kind,
      description: describeEntry(market, entry),
      quantity: entry.instrument ? Number(entry.quantity) : null,
      amount: money(entry.cash),
    })),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

async function inceptionOf(db: Db, portfolioId: string): Promise<string> {
  const [row] = await db
    .select({ inception: portfolios.inceptionDate })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId));
  if (!row?.inception) throw new Error(`Portfolio ${portfolioId} has no inception date.`);
  return row.inception;
}

type EntryRow = Awaited<ReturnType<typeof ledgerBetween>>[number];

async function ledgerBetween(db: Db, portfolioId: string, from: string, through: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.portfolioId, portfolioId),
        gte(ledgerEntries.entryDate, from),
        lte(ledgerEntries.entryDate, through),
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.seq));
}

function realisedByTerm(entries: readonly EntryRow[]): StatementData['realised'] {
  const total = (term: Term, sign: 1 | -1) =>
    dollars(
      entries
        .filter((entry) => entry.term === term)
        .map((entry) => centsOf(entry.gainLoss))
        .filter((cents) => cents * sign > 0)
        .reduce((sum, cents) => sum + Math.abs(cents), 0),
    );
  return {
    shortTermGain: total('SHORT', 1),
    shortTermLoss: total('SHORT', -1),
    longTermGain: total('LONG', 1),
    longTermLoss: total('LONG', -1),
  };
}

const REASONS: Record<string, string> = {
  FLOW: '',
  OPENING: 'opening purchase',
  STRATEGY_CHANGE: 'strategy change',
  REBALANCE: 'rebalancing',
  HARVEST: 'tax-loss harvest',
  WITHDRAWAL: 'to pay a withdrawal',
  MATURITY: 'maturity',
  CALL: 'called by the issuer',
  INCOME: '',
};

/** A ledger row in words: the instrument as a holder knows it, and why the row was made. */
function describeEntry(market: MarketHistory, entry: EntryRow): string {
  const reason = REASONS[entry.reason] ?? '';
  const what = entry.instrument ? instrumentName(market, entry.instrument) : 'Cash';
  return reason ? `${what} (${reason})` : what;
}

function instrumentName(market: MarketHistory, instrument: string): string {
  const bond = market.bondIndex(instrument);
  if (bond !== undefined) {
    const { bonds } = market.market;
    const coupon = ((bonds.coupon[bond] as number) * 100).toFixed(3);
    return `${bonds.issuer[bond]} ${coupon}% ${formatIsoDate(bonds.maturity[bond] as number)}`;
  }
  const token = market.tokenIndex(instrument);
  return token === undefined
    ? instrument
    : `${market.market.tokens.tokens[token]?.name} (${instrument})`;
}

/** How a bond's interest is taxed, from its class and AMT flag (SPEC 13.1); other instruments pay none. */
function interestLine(market: MarketHistory, instrument: string): InterestLine | undefined {
  const bond = market.bondIndex(instrument);
  if (bond === undefined) return undefined;
  const { bondClass, amt } = market.market.bonds;
  const kind = BOND_CLASSES[bondClass[bond] as number];
  if (kind === 'municipal') return amt[bond] === 1 ? 'TAX_EXEMPT_AMT' : 'TAX_EXEMPT';
  return kind === 'treasury' ? 'TREASURY' : 'TAXABLE';
}

async function taxReportData(
  services: DocumentServices,
  ref: PortfolioRef,
  date: string,
): Promise<TaxReportData> {
  const { db, market } = services;
  const address = await addressOf(services, ref);
  const year = date.slice(0, 4);
  const entries = await ledgerBetween(db, ref.portfolioId, `${year}-01-01`, `${year}-12-31`);
  const realised = await readRealisedLots(
    db,
    { id: ref.portfolioId, firmId: ref.firmId },
    Number(year),
  );
  const lots: TaxLot[] = realised.map(
    ({ entry, term, proceedsCents, costCents, disallowedCents, gainLossCents }) => ({
      description:
        `${formatQuantity(Number(entry.quantity))} ${entry.instrument ? instrumentName(market, entry.instrument) : ''}`.trim(),
      cusip:
        entry.instrument && market.bondIndex(entry.instrument) !== undefined
          ? entry.instrument
          : null,
      dateAcquired: entry.acquiredOn ?? entry.entryDate,
      dateSold: entry.entryDate,
      proceeds: dollars(proceedsCents),
      costBasis: dollars(costCents),
      washSaleDisallowed: dollars(disallowedCents),
      gainLoss: dollars(gainLossCents),
      term,
    }),
  );
  const totals = (term: Term) => {
    const of = lots.filter((lot) => lot.term === term);
    const sum = (field: 'proceeds' | 'costBasis' | 'washSaleDisallowed' | 'gainLoss') =>
      dollars(of.reduce((total, lot) => total + Math.round(lot[field] * 100), 0));
    return {
      proceeds: sum('proceeds'),
      costBasis: sum('costBasis'),
      washSaleDisallowed: sum('washSaleDisallowed'),
      gainLoss: sum('gainLoss'),
    };
  };
  const harvested = entries.filter(
    (entry) => entry.reason === 'HARVEST' && entry.gainLoss !== null && centsOf(entry.gainLoss) < 0,
  );
  const harvestedOf = (term: Term) =>
    dollars(
      harvested
        .filter((entry) => entry.term === term)
        .reduce((sum, entry) => sum - centsOf(entry.gainLoss), 0),
    );
  // From the year before: a purchase late in it takes its accrued interest off this year's
  // coupon (SPEC 13.2).
  const incomeEntries = await ledgerBetween(
    db,
    ref.portfolioId,
    `${Number(year) - 1}-01-01`,
    `${year}-12-31`,
  );
  const income = taxYearIncome(
    incomeEntries.map((entry) => ({ ...entry, incomeCents: centsOf(entry.income) })),
    Number(year),
    (instrument) => interestLine(market, instrument),
  );
  return {
    ...address,
    taxYear: Number(year),
    lots,
    totals: { SHORT: totals('SHORT'), LONG: totals('LONG') },
    harvestedLosses: {
      shortTerm: harvestedOf('SHORT'),
      longTerm: harvestedOf('LONG'),
      count: harvested.length,
    },
    income: {
      taxable: dollars(income.taxable),
      treasury: dollars(income.treasury),
      taxExempt: dollars(income.taxExempt),
      privateActivity: dollars(income.privateActivity),
      staking: dollars(income.staking),
      cashInterest: dollars(income.cashInterest),
      total: dollars(income.total),
    },
  };
}

function formatQuantity(quantity: number): string {
  return quantity.toLocaleString('en-US', { maximumFractionDigits: 8 });
}
