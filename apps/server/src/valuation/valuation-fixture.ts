/**
 * A firm of opened accounts for the valuation's integration tests, made the way operations makes
 * them: each request through the api's action store, completed, and applied to the account.
 * Every fixture has its own database and blob directory, and the bundled market's engine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ActionRow,
  type Actor,
  completeAction,
  type DocumentStores,
  insertAction,
  moveAction,
  type PortfolioRef,
  type ValuationEngine,
} from '@ballast/api';
import type { ActionType, BondStrategyInput, StrategyInput } from '@ballast/contract';
import {
  makeBondStrategyInput,
  makeClientData,
  makeCustodianInput,
} from '@ballast/contract/testing';
import { createDirectoryBlobStore, createSecretBox, schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { eq } from 'drizzle-orm';
import { bundledValuationEngines } from './valuation-engine.ts';

/**
 * A bond strategy the bundled market's construction meets, so the book holds bonds that pay
 * coupons, rebalance and harvest. The contract factory's own (at most 50 % rated AA) is one it
 * does not meet on 2 March 2026, which leaves the book in cash.
 */
export function investableBondStrategy(): BondStrategyInput {
  return makeBondStrategyInput({
    factors: {
      duration: { placement: 'Intermediate', min: 4, max: 6 },
      credit: { credit_universe: 'A', max_aa_pct: 100, max_a_pct: 50, max_bbb_pct: 0 },
      liquidity: { target: 'H', min: 20, max: 100 },
    },
  });
}

export type ValuationFixture = {
  database: TestDatabase;
  firmId: string;
  stores: DocumentStores;
  engine: ValuationEngine;
  /** An account opened by operations on `inceptionDate`, its initial investment on the way in. */
  open(strategy: StrategyInput, inceptionDate: string): Promise<PortfolioRef>;
  /**
   * Operations completes a request of the account's; an EXECUTE-* child it spawns is completed
   * too, its money moving on `movedOn`. Answers the id of the action that moved the money.
   */
  complete(ref: PortfolioRef, type: ActionType, payload: unknown, movedOn: string): Promise<string>;
  dispose(): Promise<void>;
};

/** The key client data is sealed with; a job reading the same database is given it too. */
export const FIXTURE_ENCRYPTION_KEY = 'valuation fixture key of thirty-two characters or more';

/**
 * A fixture on `database`, or on a fresh test database (PGlite, or the PostgreSQL server CI
 * names in DATABASE_URL); it disposes of the database with itself.
 */
export async function createValuationFixture(
  through: string,
  given?: TestDatabase,
): Promise<ValuationFixture> {
  const database = given ?? (await createTestDatabase(process.env.DATABASE_URL));
  const blobDir = await mkdtemp(join(tmpdir(), 'ballast-valuation-'));
  const box = createSecretBox(FIXTURE_ENCRYPTION_KEY);
  const { db } = database;
  const [firm] = await db
    .insert(schema.firms)
    .values({ name: 'Valuation Test Advisors' })
    .returning({ id: schema.firms.id });
  if (!firm) throw new Error('The test firm could not be stored.');
  const people = await db
    .insert(schema.advisors)
    .values(
      (['ADVISOR', 'OPERATIONS'] as const).map((role) => ({
        firmId: firm.id,
        email: `${role.toLowerCase()}.${firm.id}@valuation.ballast.test`,
        firstName: role,
        lastName: 'Tester',
        role,
      })),
    )
    .returning({ id: schema.advisors.id, role: schema.advisors.role });
  const actorOf = (role: string): Actor => ({
    firmId: firm.id,
    advisorId: people.find((person) => person.role === role)?.id as string,
  });
  const advisor = actorOf('ADVISOR');
  const operations = actorOf('OPERATIONS');

  /** Moves an action to COMPLETED as operations, then its EXECUTE-* child, if it has one. */
  const completeAll = async (
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    row: ActionRow,
    opening: () => Promise<never>,
  ): Promise<string> => {
    let current = row;
    for (const state of ['PENDING', 'COMPLETED'] as const) {
      if (current.state === state) continue;
      current = await moveAction(tx, operations, current, { state });
    }
    const child = await completeAction(tx, box, operations, current, opening);
    return child ? completeAll(tx, child, opening) : current.id;
  };

  return {
    database,
    firmId: firm.id,
    stores: { blobs: createDirectoryBlobStore(blobDir), box },
    engine: await bundledValuationEngines.through(through),
    async open(strategy, inceptionDate) {
      return db.transaction(async (tx) => {
        const [portfolio] = await tx
          .insert(schema.portfolios)
          .values({
            firmId: firm.id,
            originatingAdvisorId: advisor.advisorId,
            clientName: 'Avery Client',
            status: 'PENDING',
          })
          .returning({ id: schema.portfolios.id });
        if (!portfolio) throw new Error('The test portfolio could not be stored.');
        await tx
          .insert(schema.portfolioAdvisors)
          .values({ portfolioId: portfolio.id, advisorId: advisor.advisorId });
        const request = await insertAction(tx, advisor, {
          portfolioId: portfolio.id,
          type: 'OPEN-ACCOUNT',
          state: 'SUBMITTED',
          payload: {},
        });
        const account = {
          clientData: makeClientData(),
          strategy,
          custodians: [makeCustodianInput()],
          inceptionDate,
        };
        let current = await moveAction(tx, operations, request, { state: 'PENDING' });
        current = await moveAction(tx, operations, current, { state: 'COMPLETED' });
        await completeAction(tx, box, operations, current, async () => account);
        return { firmId: firm.id, portfolioId: portfolio.id };
      });
    },
    async complete(ref, type, payload, movedOn) {
      const actionId = await db.transaction(async (tx) => {
        const request = await insertAction(tx, advisor, {
          portfolioId: ref.portfolioId,
          type,
          state: 'SUBMITTED-CANCELLABLE',
          payload,
        });
        return completeAll(tx, request, () => {
          throw new Error('Only OPEN-ACCOUNT reads the onboarding application.');
        });
      });
      // Operations completed it today; the money moved on the test's day of the history.
      await db
        .update(schema.cashMovements)
        .set({ occurredOn: movedOn })
        .where(eq(schema.cashMovements.actionId, actionId));
      return actionId;
    },
    async dispose() {
      await database.dispose();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}
