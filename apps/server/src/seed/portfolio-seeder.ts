/**
 * Writes one planned portfolio the way the product would have made it: the onboarding
 * application, and the actions with their transition logs, each completion applied to the
 * account as operations' would be. An opened account starts with its initial investment on the
 * way in; the daily valuation then buys its portfolio and writes its whole history (decision 024).
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
  type Tx,
} from '@ballast/api';
import type { ActionState, ActionType, PortfolioStatus } from '@ballast/contract';
import { type Db, type SecretBox, schema } from '@ballast/db';
import { type Random, seededRandom } from '@ballast/engine';
import { and, eq, ne } from 'drizzle-orm';
import { generateClient, generateCustodian, generateStrategy } from './client-generator.ts';

export type SeedContext = {
  db: Db;
  box: SecretBox;
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
  /** Calendar days from the account's inception to the as-of date. */
  historyDays: number;
  /**
   * One of a firm's model accounts, by number: accounts of one model share its strategy and
   * amount, as a large firm's do, so their openings share one construction.
   */
  model?: number;
  /** Days before the as-of date on which the money of completed deposits and withdrawals moved. */
  flowDaysAgo?: number;
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
  const generated = generateStrategy(
    random,
    plan.kind,
    client.residency,
    Math.max(initial, 350_000),
  );
  const strategy = plan.model === undefined ? generated : modelStrategy(plan.kind, plan.model);
  const custodians = [generateCustodian(random)];
  const opened = plan.actions.some(
    (action) => action.type === 'OPEN-ACCOUNT' && action.path.at(-1) === 'COMPLETED',
  );
  const inceptionDate = addDays(context.asOf, -plan.historyDays);
  const account: OpenedAccount = {
    clientData: client.clientData,
    strategy,
    custodians,
    inceptionDate,
  };
  const originating = plan.advisorIds[0] as string;

  return context.db.transaction(async (tx) => {
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
    if (opened && plan.flowDaysAgo !== undefined) {
      // Completed requests moved their money on a day of the history, not on the day of seeding.
      await tx
        .update(schema.cashMovements)
        .set({ occurredOn: addDays(context.asOf, -plan.flowDaysAgo) })
        .where(
          and(
            eq(schema.cashMovements.portfolioId, portfolio.id),
            ne(schema.cashMovements.occurredOn, inceptionDate),
          ),
        );
    }
    const [derived] = await tx
      .select({ status: schema.portfolios.status })
      .from(schema.portfolios)
      .where(eq(schema.portfolios.id, portfolio.id));
    return { id: portfolio.id, status: derived?.status as PortfolioStatus };
  });
}

/** The strategy of model account `model`: the same for every account of the model. */
function modelStrategy(kind: PortfolioPlan['kind'], model: number) {
  const random = seededRandom(MODEL_SEED + model);
  return generateStrategy(random, kind, 'NY', (1 + (model % 4)) * 500_000);
}

const MODEL_SEED = 4_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
