/**
 * What an open account currently is, and how completed actions change it. Each change adds a
 * version (client data, strategy) or replaces the set (custodian accounts), inside the caller's
 * transaction, so the account and the action that changed it are committed together.
 */
import type {
  ActionPayload,
  ActionType,
  ClientData,
  ClientDataInput,
  CurrentCustodian,
  CustodianInput,
  Strategy,
  StrategyInput,
} from '@ballast/contract';
import { type Db, type SecretBox, schema } from '@ballast/db';
import { and, desc, eq, isNull } from 'drizzle-orm';

const { clientDataVersions, custodianAccounts, strategyVersions, portfolios, cashMovements } =
  schema;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;

type PortfolioRef = { firmId: string; portfolioId: string; actionId?: string | null };

/** The name the list shows for a client: the first owner's. */
export function clientNameOf(clientData: ClientDataInput): string {
  const owner = clientData.owners[0];
  return owner ? `${owner.first_name} ${owner.last_name}`.trim() : '';
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
}

/**
 * Applies a completed action's payload to the account (DESIGN "Action states": operations has
 * carried the request out). `openingOf` reads the onboarding application, only needed for
 * OPEN-ACCOUNT, whose own payload is empty.
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

export async function currentClientData(
  db: Reader,
  box: SecretBox,
  portfolioId: string,
): Promise<ClientData | null> {
  const [row] = await db
    .select()
    .from(clientDataVersions)
    .where(eq(clientDataVersions.portfolioId, portfolioId))
    .orderBy(desc(clientDataVersions.createdAt))
    .limit(1);
  if (!row) return null;
  const data = JSON.parse(box.open(row.ciphertext)) as ClientDataInput;
  return { ...data, created_at: row.createdAt.toISOString() };
}

export async function currentCustodians(
  db: Reader,
  portfolioId: string,
): Promise<CurrentCustodian[]> {
  const rows = await db
    .select()
    .from(custodianAccounts)
    .where(and(eq(custodianAccounts.portfolioId, portfolioId), isNull(custodianAccounts.closedAt)))
    .orderBy(custodianAccounts.createdAt);
  return rows.map((row) => ({
    custodian_name: row.custodianName,
    custodian_account: row.accountNumber,
  }));
}

export async function currentStrategy(
  db: Reader,
  versionId: string | null,
): Promise<Strategy | null> {
  if (!versionId) return null;
  const [row] = await db.select().from(strategyVersions).where(eq(strategyVersions.id, versionId));
  if (!row) return null;
  return {
    ...(row.strategy as StrategyInput),
    created_at: row.createdAt.toISOString(),
  } as Strategy;
}
