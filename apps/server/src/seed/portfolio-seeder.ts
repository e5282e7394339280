/**
 * Writes one planned portfolio the way the product would have made it: the onboarding
 * application, the actions with their transition logs, the account that completed actions
 * produced, its daily holding reports, statements, tax reports and token lots.
 */

import {
  applyCompletedAction,
  applyOpening,
  clientNameOf,
  payloadHash,
  portfolioStatus,
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
  /** The EXECUTE-* child operations created when the request was approved. */
  child?: ActionPlan;
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

async function insertAction(
  tx: Tx,
  context: SeedContext,
  portfolioId: string,
  createdBy: string,
  plan: ActionPlan,
  parentActionId: string | null,
): Promise<{ type: ActionType; state: ActionState }[]> {
  const state = plan.path.at(-1) as ActionState;
  const needs = state.startsWith('NEEDS-ACTION') ? { instructions: plan.instructions ?? '' } : null;
  const payload = plan.payload ?? {};
  const [row] = await tx
    .insert(schema.actions)
    .values({
      firmId: context.firmId,
      portfolioId,
      createdByAdvisorId: createdBy,
      parentActionId,
      actionType: plan.type,
      state,
      actionPayload: payload,
      needsActionPayload: needs,
    })
    .returning({ id: schema.actions.id });
  if (!row) throw new Error('The seed action could not be stored.');
  await tx.insert(schema.actionTransitions).values(
    plan.path.map((to, index) => ({
      actionId: row.id,
      fromState: index === 0 ? null : (plan.path[index - 1] as ActionState),
      toState: to,
      actorAdvisorId: index === 0 && !parentActionId ? createdBy : context.operationsId,
      payloadHash: payloadHash(payload, needs),
    })),
  );
  if (state === 'COMPLETED' && plan.type !== 'OPEN-ACCOUNT') {
    await applyCompletedAction(
      tx,
      context.box,
      { firmId: context.firmId, portfolioId, actionId: row.id },
      plan.type,
      payload,
      () => Promise.reject(new Error('Openings are applied by the seeder itself.')),
    );
  }
  const child = plan.child
    ? await insertAction(tx, context, portfolioId, context.operationsId, plan.child, row.id)
    : [];
  return [{ type: plan.type, state }, ...child];
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
  const opening = plan.actions.find((action) => action.type === 'OPEN-ACCOUNT');
  const opened = opening?.path.at(-1) === 'COMPLETED';
  const inceptionDate = addDays(context.asOf, -(plan.historyDays - 1));
  const originating = plan.advisorIds[0] as string;

  const result = await context.db.transaction(async (tx) => {
    const [portfolio] = await tx
      .insert(schema.portfolios)
      .values({
        firmId,
        originatingAdvisorId: originating,
        clientName: clientNameOf(client.clientData),
      })
      .returning({ id: schema.portfolios.id });
    if (!portfolio) throw new Error('The seed portfolio could not be stored.');
    const ref = { firmId, portfolioId: portfolio.id };
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
    const states: { type: ActionType; state: ActionState }[] = [];
    for (const action of plan.actions) {
      states.push(...(await insertAction(tx, context, portfolio.id, originating, action, null)));
    }
    if (opened) {
      await applyOpening(tx, box, ref, {
        clientData: client.clientData,
        strategy,
        custodians,
        inceptionDate,
      });
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
    const status = portfolioStatus(states, plan.actions.length === 0 ? 'INCOMPLETE' : 'PENDING');
    await tx
      .update(schema.portfolios)
      .set({ status })
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
    return { id: portfolio.id, status };
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
