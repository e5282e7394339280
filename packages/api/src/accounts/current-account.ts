/**
 * What an open account currently is, and how completed actions change it. Each change adds a
 * version (client data, strategy) or replaces the set (custodian accounts), inside the caller's
 * transaction, so the account and the action that changed it are committed together.
 */
import type {
  ActionPayload,
  ActionType,
  ClientData,
  ClientDataDraft,
  ClientDataInput,
  CurrentCustodian,
  CustodianInput,
  Strategy,
  StrategyInput,
} from '@ballast/contract';
import { type Db, type SecretBox, schema } from '@ballast/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../prepared.ts';

const {
  clientDataVersions,
  custodianAccounts,
  strategyVersions,
  portfolios,
  cashMovements,
  portfolioBooks,
} = schema;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type PortfolioRef = { firmId: string; portfolioId: string; actionId?: string | null };

/** The name the list shows for a client: the first owner's, as far as it is typed. */
export function clientNameOf(clientData: ClientDataDraft): string {
  const owner = clientData.owners[0];
  return owner ? `${owner.first_name ?? ''} ${owner.last_name ?? ''}`.trim() : '';
}

const ASSET_NAMES = { municipals: 'munis', corporates: 'corporates', treasuries: 'treasuries' };

/** The list's one line about a strategy, e.g. "Intermediate munis/corporates, AA and better". */
export function strategySummary(input: StrategyInput): string {
  if (input.style !== 'B') {
    const { token_universe, recalculation_frequency } = input.strategy;
    return `${token_universe}, rebalanced ${recalculation_frequency.toLowerCase()}`;
  }
  const { assets, factors } = input.strategy;
  const classes =
    assets.type === 'select'
      ? (Object.keys(ASSET_NAMES) as (keyof typeof ASSET_NAMES)[])
          .filter((key) => assets[key])
          .map((key) => ASSET_NAMES[key])
      : [
          ['munis', assets.muni_max_pct],
          ['corporates', assets.corp_max_pct],
          ['treasuries', assets.tsry_max_pct],
        ]
          .filter(([, pct]) => Number(pct) > 0)
          .map(([name]) => String(name));
  return `${factors.duration.placement} ${classes.join('/')}, ${factors.credit.credit_universe} and better`;
}

export async function applyClientData(
  tx: Tx,
  box: SecretBox,
  ref: PortfolioRef,
  clientData: ClientDataInput,
): Promise<void> {
  await tx.insert(clientDataVersions).values({
    firmId: ref.firmId,
    portfolioId: ref.portfolioId,
    actionId: ref.actionId ?? null,
    ciphertext: box.seal(JSON.stringify(clientData)),
  });
  await tx
    .update(portfolios)
    .set({ clientName: clientNameOf(clientData) })
    .where(eq(portfolios.id, ref.portfolioId));
}

/** A custodian change names the whole new set; the accounts it replaces are closed, not lost. */
export async function applyCustodians(
  tx: Tx,
  ref: PortfolioRef,
  custodians: readonly CustodianInput[],
): Promise<void> {
  await tx
    .update(custodianAccounts)
    .set({ closedAt: new Date() })
    .where(
      and(eq(custodianAccounts.portfolioId, ref.portfolioId), isNull(custodianAccounts.closedAt)),
    );
  await tx.insert(custodianAccounts).values(
    custodians.map((custodian) => ({
      firmId: ref.firmId,
      portfolioId: ref.portfolioId,
      custodianName: custodian.custodian_name,
      accountNumber: custodian.account_number ?? '',
    })),
  );
}

export async function applyStrategy(
  tx: Tx,
  ref: PortfolioRef,
  strategy: StrategyInput,
): Promise<void> {
  const [version] = await tx
    .insert(strategyVersions)
    .values({
      firmId: ref.firmId,
      portfolioId: ref.portfolioId,
      actionId: ref.actionId ?? null,
      style: strategy.style,
      strategy,
      summary: strategySummary(strategy),
    })
    .returning({ id: strategyVersions.id });
  await tx
    .update(portfolios)
    .set({ currentStrategyVersionId: version?.id })
    .where(eq(portfolios.id, ref.portfolioId));
}

/** Everything the onboarding application gathered, once operations has opened the account. */
export type OpenedAccount = {
  clientData: ClientDataInput;
  strategy: StrategyInput;
  custodians: readonly CustodianInput[];
  inceptionDate: string;
};

export async function applyOpening(
  tx: Tx,
  box: SecretBox,
  ref: PortfolioRef,
  account: OpenedAccount,
): Promise<void> {
  await applyClientData(tx, box, ref, account.clientData);
  await applyCustodians(tx, ref, account.custodians);
  await applyStrategy(tx, ref, account.strategy);
  await tx
    .update(portfolios)
    .set({ inceptionDate: account.inceptionDate })
    .where(eq(portfolios.id, ref.portfolioId));
  // The account starts with an empty book and its initial investment on the way in; its first
  // valued day buys the strategy's portfolio with it (decision 024).
  await tx
    .insert(portfolioBooks)
    .values({ firmId: ref.firmId, portfolioId: ref.portfolioId })
    .onConflictDoNothing({ target: portfolioBooks.portfolioId });
  if (ref.actionId) {
    await tx.insert(cashMovements).values({
      firmId: ref.firmId,
      portfolioId: ref.portfolioId,
      actionId: ref.actionId,
      kind: 'DEPOSIT',
      amount: account.strategy.tax_data.initial_investment_amount.toFixed(2),
      occurredOn: account.inceptionDate,
    });
  }
}

/**
 * Applies a completed action's payload to the account (docs/architecture.md "Action states":
 * operations has carried the request out). `openingOf` reads the onboarding application, only
 * needed for OPEN-ACCOUNT, whose own payload is empty.
 */
export async function applyCompletedAction(
  tx: Tx,
  box: SecretBox,
  ref: PortfolioRef & { actionId: string },
  type: ActionType,
  payload: unknown,
  openingOf: () => Promise<OpenedAccount>,
): Promise<void> {
  switch (type) {
    case 'OPEN-ACCOUNT':
      return applyOpening(tx, box, ref, await openingOf());
    case 'UPDATE-CLIENT-DETAIL':
      return applyClientData(tx, box, ref, payload as ActionPayload<'UPDATE-CLIENT-DETAIL'>);
    case 'UPDATE-CUSTODIAN':
      return applyCustodians(tx, ref, payload as ActionPayload<'UPDATE-CUSTODIAN'>);
    case 'UPDATE-STRATEGY':
      return applyStrategy(tx, ref, payload as ActionPayload<'UPDATE-STRATEGY'>);
    case 'SET-USER-DNT': {
      const { set_user_dnt, user_dnt } = payload as ActionPayload<'SET-USER-DNT'>;
      // Turning do-not-trade on without naming a restriction stops both buying and selling.
      await tx
        .update(portfolios)
        .set({ userDnt: set_user_dnt ? (user_dnt ?? 'DNBS') : null })
        .where(eq(portfolios.id, ref.portfolioId));
      return;
    }
    case 'EXECUTE-DEPOSIT':
    case 'EXECUTE-WITHDRAWAL': {
      const { cash } = payload as ActionPayload<'EXECUTE-DEPOSIT'>;
      await tx.insert(cashMovements).values({
        firmId: ref.firmId,
        portfolioId: ref.portfolioId,
        actionId: ref.actionId,
        kind: type === 'EXECUTE-DEPOSIT' ? 'DEPOSIT' : 'WITHDRAWAL',
        amount: cash.toFixed(2),
        occurredOn: new Date().toISOString().slice(0, 10),
      });
      return;
    }
    // Requests are carried out by their EXECUTE-* children; closing is the derived CLOSED status.
    case 'REQUEST-DEPOSIT':
    case 'REQUEST-WITHDRAWAL':
    case 'CLOSE-ACCOUNT':
      return;
  }
}

/**
 * The current client data, custodian accounts and strategy of the `portfolios` row in scope, as
 * columns for a statement that names `portfolios` in its FROM clause; currentAccountOf reads
 * them. The identifiers are written out in full: with one table in a query, the query builder
 * writes its own columns unqualified, and an inner table's `id` would win.
 */
export const currentAccountColumns = {
  client: sql<{ ciphertext: string; created_at: string } | null>`(
    select json_build_object('ciphertext', cv.ciphertext, 'created_at', cv.created_at)
    from client_data_versions cv where cv.portfolio_id = portfolios.id
    order by cv.created_at desc limit 1)`,
  custodians: sql<CurrentCustodian[]>`coalesce((
    select json_agg(json_build_object('custodian_name', ca.custodian_name, 'custodian_account', ca.account_number) order by ca.created_at)
    from custodian_accounts ca where ca.portfolio_id = portfolios.id and ca.closed_at is null), '[]'::json)`,
  strategy: sql<{ strategy: StrategyInput; created_at: string } | null>`(
    select json_build_object('strategy', sv.strategy, 'created_at', sv.created_at)
    from strategy_versions sv where sv.id = portfolios.current_strategy_version_id)`,
};

type CurrentAccountRow = {
  [K in keyof typeof currentAccountColumns]: (typeof currentAccountColumns)[K]['_']['type'];
};

export type CurrentAccount = {
  clientData: ClientData | null;
  custodians: CurrentCustodian[];
  strategy: Strategy | null;
};

/** The account from currentAccountColumns, the client data unsealed. */
export function currentAccountOf(
  row: CurrentAccountRow | undefined,
  box: SecretBox,
): CurrentAccount {
  const iso = (at: string) => new Date(at).toISOString();
  return {
    clientData: row?.client
      ? {
          ...(JSON.parse(box.open(row.client.ciphertext)) as ClientDataInput),
          created_at: iso(row.client.created_at),
        }
      : null,
    custodians: row?.custodians ?? [],
    strategy: row?.strategy
      ? ({ ...row.strategy.strategy, created_at: iso(row.strategy.created_at) } as Strategy)
      : null,
  };
}

const currentAccountStatement = preparedPerDatabase((db) =>
  db
    .select(currentAccountColumns)
    .from(portfolios)
    .where(eq(portfolios.id, sql.placeholder('id')))
    .prepare('current_account'),
);

/** The current client data, custodian accounts and strategy of a portfolio in one round trip. */
export async function readCurrentAccount(
  db: Db,
  box: SecretBox,
  portfolio: { id: string },
): Promise<CurrentAccount> {
  const [row] = await currentAccountStatement(db).execute({ id: portfolio.id });
  return currentAccountOf(row, box);
}
