/**
 * Writes one planned portfolio the way the product would have made it: the onboarding
 * application, the actions with their transition logs, the account that completed actions
 * produced, its daily holding reports, statements, tax reports and token lots.
 */

import {
  type ActionRow,
  type Actor,
  clientNameOf,
  completeAction,
  insertAction,
  keepsNote,
  moveAction,
  type OpenedAccount,
  recordHoldingReports,
  storeDocument,
  type Tx,
} from '@ballast/api';
import type { ActionState, ActionType, PortfolioStatus } from '@ballast/contract';
import { type BlobStore, type Db, type SecretBox, schema } from '@ballast/db';
import type { Random } from '@ballast/engine';
import { eq } from 'drizzle-orm';
import { generateClient, generateCustodian, generateStrategy } from './client-generator.ts';
import { addDays, generateHistory } from './history-generator.ts';
import { textPdf } from './pdf.ts';

export type SeedContext = {
  db: Db;
  box: SecretBox;
  blobs: BlobStore;
  firmId: string;
  /** Operations staff, who move actions after their creation. */
  operationsId: string;
  asOf: string;
  random: Random;
};

/** An action, the states it went through (the first is its creation state), and what it asked. */
export type ActionPlan = {
  type: ActionType;
  path: readonly ActionState[];
  payload?: unknown;
  instructions?: string;
  /** The states the EXECUTE-* child went through after approving the request made it PENDING. */
  childPath?: readonly ActionState[];
};

export type PortfolioPlan = {
  kind: 'bond' | 'token';
  advisorIds: readonly string[];
  /** Empty for a portfolio still in onboarding. */
  actions: readonly ActionPlan[];
  /** Onboarding sections saved so far, for an INCOMPLETE portfolio. */
  partial?: boolean;
  historyDays: number;
  assetLines: number;
  documents: boolean;
};

/**
 * Makes the planned action through the api's own store, as the product would have: created by
 * its advisor, then moved by operations state by state, each completion applied to the account.
 */
async function seedAction(
  tx: Tx,
  context: SeedContext,
  account: OpenedAccount,
  creator: Actor,
  portfolioId: string,
  plan: ActionPlan,
): Promise<void> {
  const [created, ...moves] = plan.path;
  if (!created) throw new Error(`The seed plan of a ${plan.type} names no state.`);
  const row = await insertAction(tx, creator, {
    portfolioId,
    type: plan.type,
    state: created,
    payload: plan.payload ?? {},
  });
  await moveSeededAction(tx, context, account, row, moves, plan);
}

async function moveSeededAction(
  tx: Tx,
  context: SeedContext,
  account: OpenedAccount,
  action: ActionRow,
  moves: readonly ActionState[],
  plan: Pick<ActionPlan, 'instructions' | 'childPath'>,
): Promise<void> {
  const operations = { firmId: context.firmId, advisorId: context.operationsId };
  let row = action;
  for (const state of moves) {
    row = await moveAction(tx, operations, row, {
      state,
      needsActionPayload: keepsNote(state) ? { instructions: plan.instructions ?? '' } : null,
    });
    if (state !== 'COMPLETED') continue;
    const child = await completeAction(tx, context.box, operations, row, async () => account);
    if (child) await moveSeededAction(tx, context, account, child, plan.childPath ?? [], {});
  }
}

/** Writes the planned portfolio and answers its id and derived status. */
export async function seedPortfolio(
  context: SeedContext,
  plan: PortfolioPlan,
): Promise<{ id: string; status: PortfolioStatus }> {
  const { random, box, firmId } = context;
  const client = generateClient(random);
  const initial = client.suitability.investment_amount;
  const strategy = generateStrategy(
    random,
    plan.kind,
    client.residency,
    Math.max(initial, 350_000),
  );
  const custodians = [generateCustodian(random)];
  const opened = plan.actions.some(
    (action) => action.type === 'OPEN-ACCOUNT' && action.path.at(-1) === 'COMPLETED',
  );
  const inceptionDate = addDays(context.asOf, -(plan.historyDays - 1));
  const account: OpenedAccount = {
    clientData: client.clientData,
    strategy,
    custodians,
    inceptionDate,
  };
  const originating = plan.advisorIds[0] as string;

  const result = await context.db.transaction(async (tx) => {
    const [portfolio] = await tx
      .insert(schema.portfolios)
      .values({
        firmId,
        originatingAdvisorId: originating,
        clientName: clientNameOf(client.clientData),
        // A submitted application made it PENDING, as opening it through the api does; its
        // actions derive the rest.
        status: plan.actions.length === 0 ? 'INCOMPLETE' : 'PENDING',
      })
      .returning({ id: schema.portfolios.id });
    if (!portfolio) throw new Error('The seed portfolio could not be stored.');
    await tx.insert(schema.portfolioAdvisors).values(
      [...new Set(plan.advisorIds)].map((advisorId) => ({
        portfolioId: portfolio.id,
        advisorId,
      })),
    );
    await tx.insert(schema.onboardingApplications).values({
      portfolioId: portfolio.id,
      clientInputCiphertext: box.seal(JSON.stringify(client.clientData)),
      strategyInput: plan.partial ? null : strategy,
      custodianInput: plan.partial ? [] : custodians,
      suitability: plan.partial ? null : client.suitability,
    });
    const creator = { firmId, advisorId: originating };
    for (const action of plan.actions) {
      await seedAction(tx, context, account, creator, portfolio.id, action);
    }
    if (opened) {
      const history = generateHistory(random, {
        strategy,
        residency: client.residency,
        startNav: Math.max(initial, 350_000),
        asOf: context.asOf,
        days: plan.historyDays,
        lines: plan.assetLines,
      });
      await recordHoldingReports(tx, { firmId, portfolioId: portfolio.id, reports: history });
    }
    const [derived] = await tx
      .select({ status: schema.portfolios.status })
      .from(schema.portfolios)
      .where(eq(schema.portfolios.id, portfolio.id));
    if (opened && plan.kind === 'token') {
      await tx.insert(schema.tokenLots).values(
        ['BTC', 'ETH', 'SOL'].map((coin, index) => ({
          firmId,
          portfolioId: portfolio.id,
          coin,
          amount: (random.next() * 10 + index).toFixed(18),
          costBasis: (random.int(20, 200) * 1_000).toFixed(2),
          dateAcquired: addDays(inceptionDate, index * 30),
        })),
      );
    }
    return { id: portfolio.id, status: derived?.status as PortfolioStatus };
  });

  if (opened && plan.documents) {
    const name = client.clientData.owners
      .map((o) => `${o.first_name} ${o.last_name}`)
      .join(' and ');
    for (let month = 1; month * 30 < plan.historyDays; month += 1) {
      const reportDate = monthEnd(context.asOf, month);
      await storeDocument(context.db, context.blobs, {
        firmId,
        portfolioId: result.id,
        kind: 'STATEMENT',
        reportDate,
        fileName: `statement-${reportDate}.pdf`,
        contentType: 'application/pdf',
        bytes: textPdf([
          'Ballast account statement',
          `Account of ${name}`,
          `Period ending ${reportDate}`,
        ]),
      });
    }
    const lastYear = Number(context.asOf.slice(0, 4)) - 1;
    if (inceptionDate <= `${lastYear}-12-31`) {
      await storeDocument(context.db, context.blobs, {
        firmId,
        portfolioId: result.id,
        kind: 'TAX_REPORT',
        reportDate: `${lastYear}-12-31`,
        fileName: `tax-report-${lastYear}.pdf`,
        contentType: 'application/pdf',
        bytes: textPdf(['Ballast tax report', `Account of ${name}`, `Tax year ${lastYear}`]),
      });
    }
  }
  return result;
}

/** The last day of the month `back` months before the as-of date's month. */
function monthEnd(asOf: string, back: number): string {
  const date = new Date(`${asOf.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - back + 1);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
