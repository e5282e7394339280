/**
 * Everything a firm owns, as the lines of its records file (decision 027): a header, one line per
 * row of each table of `FIRM_RECORD_TABLES` in that order, and a closing line with the counts.
 * Rows are read in pages (keyset paging, a hundred portfolios at a time for a portfolio's tables)
 * and handed on as they come, so a firm of ten thousand portfolios never sits in memory whole.
 * Every query names the firm.
 */
import {
  FIRM_RECORD_TABLES,
  type FirmRecordsHeader,
  type FirmRecordsLine,
  type FirmRecordTable,
} from '@ballast/contract';
import { type Db, type SecretBox, schema } from '@ballast/db';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { keyAfter, keysetPages } from './keyset-pages.ts';
import { type RecordColumns, recordColumns } from './record-columns.ts';

type Row = Record<string, unknown>;

/** Rows read by one query. */
const PAGE = 2_000;
/** Portfolios whose rows one query reads, for a portfolio's tables. */
const PORTFOLIOS_AT_ONCE = 100;
/** Parents whose children one query reads: a holding report has some 25 asset lines at most. */
const PARENTS_AT_ONCE = 500;

/** A table read on its own, page by page over `key`. */
type TableSource = {
  table: PgTable;
  /** The firm_id that scopes its rows: its own, or that of the table it is reached through. */
  firm: PgColumn;
  /** Present for a portfolio's rows, which are read a few portfolios at a time. */
  portfolio?: PgColumn;
  /** Unique, in the order the rows are listed. */
  key: readonly PgColumn[];
  /** The firm's table a row is reached through, when it has no firm_id of its own. */
  via?: { table: PgTable; on: SQL };
  /** Opens what is sealed: the export is the firm's own data, for its administrator. */
  open?: (row: Row, box: SecretBox) => Row;
};

/** A table read through pages of its parent's ids, over the index on its link to them. */
type ChildSource = {
  table: PgTable;
  parent: TableSource;
  parentId: PgColumn;
  link: PgColumn;
  order: readonly PgColumn[];
};

type Source = TableSource | ChildSource;

const {
  firms,
  advisors,
  custodians,
  strategyCatalogue,
  portfolios,
  portfolioAdvisors,
  onboardingApplications,
  clientDataVersions,
  custodianAccounts,
  strategyVersions,
  tokenLots,
  portfolioBooks,
  cashMovements,
  actions,
  actionTransitions,
  ledgerEntries,
  holdingReports,
  assetLines,
  valuationFailures,
  documents,
  firmAuditEvents,
} = schema;

/** A portfolio's table with firm_id and portfolio_id of its own, listed by portfolio and id. */
function portfolioTable(
  table: PgTable & { firmId: PgColumn; portfolioId: PgColumn; id: PgColumn },
): TableSource {
  return {
    table,
    firm: table.firmId,
    portfolio: table.portfolioId,
    key: [table.portfolioId, table.id],
  };
}

/** Swaps a sealed column for what it holds, parsed. */
function opened(sealed: string, as: string) {
  return (row: Row, box: SecretBox): Row => {
    const { [sealed]: ciphertext, ...rest } = row;
    return {
      ...rest,
      [as]: typeof ciphertext === 'string' ? JSON.parse(box.open(ciphertext)) : null,
    };
  };
}

const actionRows: TableSource = portfolioTable(actions);
const holdingReportRows: TableSource = {
  table: holdingReports,
  firm: holdingReports.firmId,
  portfolio: holdingReports.portfolioId,
  key: [holdingReports.portfolioId, holdingReports.reportDate],
};

const SOURCES: Record<FirmRecordTable, Source> = {
  firms: { table: firms, firm: firms.id, key: [firms.id] },
  advisors: { table: advisors, firm: advisors.firmId, key: [advisors.id] },
  custodians: { table: custodians, firm: custodians.firmId, key: [custodians.id] },
  strategy_catalogue: {
    table: strategyCatalogue,
    firm: strategyCatalogue.firmId,
    key: [strategyCatalogue.id],
  },
  portfolios: {
    table: portfolios,
    firm: portfolios.firmId,
    portfolio: portfolios.id,
    key: [portfolios.id],
  },
  portfolio_advisors: {
    table: portfolioAdvisors,
    firm: portfolios.firmId,
    portfolio: portfolioAdvisors.portfolioId,
    key: [portfolioAdvisors.portfolioId, portfolioAdvisors.advisorId],
    via: { table: portfolios, on: eq(portfolios.id, portfolioAdvisors.portfolioId) },
  },
  onboarding_applications: {
    table: onboardingApplications,
    firm: portfolios.firmId,
    portfolio: onboardingApplications.portfolioId,
    key: [onboardingApplications.portfolioId],
    via: { table: portfolios, on: eq(portfolios.id, onboardingApplications.portfolioId) },
    open: opened('client_input_ciphertext', 'client_input'),
  },
  client_data_versions: {
    ...portfolioTable(clientDataVersions),
    open: opened('ciphertext', 'client_data'),
  },
  custodian_accounts: portfolioTable(custodianAccounts),
  strategy_versions: portfolioTable(strategyVersions),
  token_lots: portfolioTable(tokenLots),
  portfolio_books: portfolioTable(portfolioBooks),
  cash_movements: portfolioTable(cashMovements),
  actions: actionRows,
  action_transitions: {
    table: actionTransitions,
    parent: actionRows,
    parentId: actions.id,
    link: actionTransitions.actionId,
    order: [actionTransitions.id],
  },
  ledger_entries: {
    table: ledgerEntries,
    firm: ledgerEntries.firmId,
    portfolio: ledgerEntries.portfolioId,
    key: [ledgerEntries.portfolioId, ledgerEntries.entryDate, ledgerEntries.seq],
  },
  holding_reports: holdingReportRows,
  asset_lines: {
    table: assetLines,
    parent: holdingReportRows,
    parentId: holdingReports.id,
    link: assetLines.reportId,
    order: [assetLines.reportId, assetLines.position],
  },
  valuation_failures: portfolioTable(valuationFailures),
  documents: portfolioTable(documents),
  firm_audit_events: {
    table: firmAuditEvents,
    firm: firmAuditEvents.firmId,
    key: [firmAuditEvents.at, firmAuditEvents.id],
  },
};

/** A table's rows of the firm (of `portfolioIds` alone, for a portfolio's table), page by page. */
function tablePages(
  db: Db,
  source: TableSource,
  firmId: string,
  portfolioIds: readonly string[],
  columns: RecordColumns = recordColumns(source.table),
  size = PAGE,
): AsyncGenerator<Row[]> {
  const order = source.key.map((column) => asc(column));
  return keysetPages(size, (last: Row | undefined) => {
    const where = and(
      eq(source.firm, firmId),
      source.portfolio ? inArray(source.portfolio, [...portfolioIds]) : undefined,
      last
        ? keyAfter(
            source.key,
            source.key.map((column) => last[column.name]),
          )
        : undefined,
    );
    return source.via
      ? db
          .select(columns)
          .from(source.table)
          .innerJoin(source.via.table, source.via.on)
          .where(where)
          .orderBy(...order)
          .limit(size)
      : db
          .select(columns)
          .from(source.table)
          .where(where)
          .orderBy(...order)
          .limit(size);
  });
}

/** A child table's rows, those of each page of its parent's rows at a time. */
async function* childPages(
  db: Db,
  source: ChildSource,
  firmId: string,
  portfolioIds: readonly string[],
): AsyncGenerator<Row[]> {
  const { parent, parentId, link } = source;
  const parentKey = Object.fromEntries(
    [...parent.key, parentId].map((column) => [column.name, column]),
  );
  for await (const parents of tablePages(
    db,
    parent,
    firmId,
    portfolioIds,
    parentKey,
    PARENTS_AT_ONCE,
  )) {
    const ids = parents.map((row) => String(row[parentId.name]));
    const rows = await db
      .select(recordColumns(source.table))
      .from(source.table)
      .innerJoin(parent.table, eq(parentId, link))
      .where(and(eq(parent.firm, firmId), inArray(link, ids)))
      .orderBy(...source.order.map((column) => asc(column)));
    if (rows.length > 0) yield rows;
  }
}

async function* sourcePages(
  db: Db,
  source: Source,
  firmId: string,
  portfolioIds: readonly string[],
): AsyncGenerator<Row[]> {
  const perPortfolio = 'parent' in source || source.portfolio !== undefined;
  if (!perPortfolio) {
    yield* tablePages(db, source, firmId, []);
    return;
  }
  for (let start = 0; start < portfolioIds.length; start += PORTFOLIOS_AT_ONCE) {
    const some = portfolioIds.slice(start, start + PORTFOLIOS_AT_ONCE);
    yield* 'parent' in source
      ? childPages(db, source, firmId, some)
      : tablePages(db, source, firmId, some);
  }
}

/** Bytes (the firm's logo) as base64; everything else is already what JSON can carry. */
function plain(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [
      name,
      value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
    ]),
  );
}

const line = (value: FirmRecordsLine) => `${JSON.stringify(value)}\n`;

/**
 * The lines of the firm's records file, one chunk of text per page of rows. `portfolioIds` are
 * the firm's, read before the first line so a database that cannot answer fails the call before
 * anything is sent.
 */
export async function* firmRecordLines(
  db: Db,
  box: SecretBox,
  firm: { header: FirmRecordsHeader; portfolioIds: readonly string[] },
): AsyncGenerator<string> {
  const { firm_id: firmId } = firm.header;
  const counts = Object.fromEntries(FIRM_RECORD_TABLES.map((table) => [table, 0])) as Record<
    FirmRecordTable,
    number
  >;
  yield line(firm.header);
  for (const record of FIRM_RECORD_TABLES) {
    const source = SOURCES[record];
    const open = 'open' in source ? source.open : undefined;
    for await (const rows of sourcePages(db, source, firmId, firm.portfolioIds)) {
      counts[record] += rows.length;
      yield rows.map((row) => line({ record, data: plain(open ? open(row, box) : row) })).join('');
    }
  }
  yield line({ record: 'end', counts });
}
