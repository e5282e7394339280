/**
 * Named, deterministic seed scenarios: `minimal` for tests, `demo` for `npm start` on an empty
 * database, `large` for benchmarks. Each builds on the demo firm and its five sign-ins.
 */

import { isMonthEnd, lastBusinessDayOnOrBefore } from '@ballast/api';
import type { ActionState } from '@ballast/contract';
import { makeBondStrategyInput, makeClientData } from '@ballast/contract/testing';
import { type BlobStore, type Database, type SecretBox, schema } from '@ballast/db';
import { seededRandom } from '@ballast/engine';
import type { IdentityServices } from '@ballast/identity';
import { count, eq } from 'drizzle-orm';
import { bundledValuationEngines, type ValuationEngines } from '../valuation/valuation-engine.ts';
import { valueThrough } from '../valuation/valuation-schedule.ts';
import { DEMO_USERS, seedDemoAdvisors, seedDemoFirm, seedDemoUsers } from './demo-firm.ts';
import {
  type ActionPlan,
  type PortfolioPlan,
  type SeedContext,
  seedPortfolio,
} from './portfolio-seeder.ts';

export const SEED_SCENARIOS = ['demo', 'minimal', 'large', 'none'] as const;
export type SeedScenario = (typeof SEED_SCENARIOS)[number];

export type SeedDependencies = {
  database: Database;
  identity: IdentityServices;
  publicToken: string;
  box: SecretBox;
  blobs: BlobStore;
  /** The last day of history, YYYY-MM-DD; today (UTC) unless a test fixes it. */
  asOf?: string;
  /** How many portfolios `large` makes; a test asks for fewer. */
  largeCount?: number;
  /**
   * Days from the demo's accounts opening to the as-of date: three years unless a browser test,
   * which needs the firm and not its whole history, asks for fewer.
   */
  demoHistoryDays?: number;
  /** The market the valuation writes the history from; the bundled one unless configured. */
  valuation?: ValuationEngines;
  /** Told each month end the valuation of the history has reached, as it goes. */
  onProgress?: (valuedThrough: string, through: string) => void;
  /**
   * Whether the seed values the history it writes before it returns: yes unless asked not to
   * (tests and benchmarks want a valued firm). `npm start` says no and leaves the history to
   * the daily valuation's catch-up, so that it answers while the history is valued (decision 035).
   */
  valueHistory?: boolean;
};

export type SeedResult = {
  firm: { id: string; name: string };
  users: typeof DEMO_USERS;
  portfolios: number;
  /**
   * The last day of a history the seed wrote and left to the valuation (`valueHistory: false`),
   * which may be today, before the day's valuation time.
   */
  historyThrough?: string;
};

const OTHER_ADVISORS = [
  ['Jordan', 'Ellis'],
  ['Renee', 'Castillo'],
  ['Tobias', 'Grant'],
  ['Keiko', 'Mori'],
] as const;

/** Three years of history: accounts opened on this day three years before the as-of date. */
const DEMO_HISTORY_DAYS = 1_096;

/** The model accounts the `large` firm's portfolios follow. */
const LARGE_MODELS = 12;

const opened: ActionPlan = { type: 'OPEN-ACCOUNT', path: ['SUBMITTED', 'PENDING', 'COMPLETED'] };

function asked(type: ActionPlan['type'], state: ActionState, payload: unknown): ActionPlan {
  return {
    type,
    path: ['SUBMITTED-CANCELLABLE', 'PENDING', state],
    payload,
    instructions: 'Please upload a signed letter of authorization from the client.',
  };
}

/** The extra requests an account in good order may carry, in turn. */
function goodOrderExtras(index: number): ActionPlan[] {
  const deposit = { cash: 25_000 + (index % 5) * 5_000 };
  const variants: ActionPlan[][] = [
    [],
    [
      {
        type: 'REQUEST-DEPOSIT',
        path: ['SUBMITTED-CANCELLABLE', 'PENDING', 'COMPLETED'],
        payload: deposit,
        childPath: ['COMPLETED'],
      },
    ],
    [{ type: 'REQUEST-WITHDRAWAL', path: ['SUBMITTED-CANCELLABLE'], payload: { cash: 10_000 } }],
    [
      {
        type: 'SET-USER-DNT',
        path: ['SUBMITTED-CANCELLABLE', 'CANCELLED'],
        payload: { set_user_dnt: true },
      },
    ],
    [
      {
        type: 'UPDATE-STRATEGY',
        path: ['SUBMITTED-CANCELLABLE', 'PENDING', 'FAILED'],
        payload: makeBondStrategyInput(),
        instructions: 'The custodian could not place the trades; please request the change again.',
      },
    ],
    [
      {
        type: 'UPDATE-CUSTODIAN',
        path: [
          'SUBMITTED-CANCELLABLE',
          'PENDING',
          'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
          'DISMISSED',
        ],
        payload: [{ custodian_name: 'Schwab', account_number: 'QW12-ER34' }],
      },
    ],
    [
      {
        type: 'UPDATE-CLIENT-DETAIL',
        path: ['SUBMITTED-CANCELLABLE', 'PENDING'],
        payload: makeClientData(),
      },
    ],
    [
      {
        type: 'REQUEST-DEPOSIT',
        path: ['SUBMITTED-CANCELLABLE', 'PENDING', 'NEEDS-ACTION-IN-CHANNEL', 'SUBMITTED'],
        payload: deposit,
      },
    ],
    [
      {
        type: 'SET-USER-DNT',
        path: ['SUBMITTED-CANCELLABLE', 'PENDING', 'COMPLETED'],
        payload: { set_user_dnt: true, user_dnt: 'DNB' },
      },
    ],
    [
      {
        type: 'REQUEST-WITHDRAWAL',
        path: ['SUBMITTED-CANCELLABLE', 'PENDING', 'COMPLETED'],
        payload: { cash: 15_000 },
        childPath: ['COMPLETED'],
      },
    ],
  ];
  return variants[index % variants.length] ?? [];
}

const NEEDS_STATES = [
  'NEEDS-ACTION-IN-CHANNEL',
  'NEEDS-ACTION-OUT-OF-CHANNEL',
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
] as const;

/** About sixty portfolios over every status, both strategy kinds and every action state. */
function demoPlans(
  historyDays: number,
  advisorIds: {
    advisor: string;
    manager: string;
    others: string[];
  },
): PortfolioPlan[] {
  const plans: PortfolioPlan[] = [];
  const add = (actions: ActionPlan[], extra: Partial<PortfolioPlan> = {}) => {
    const index = plans.length;
    const other = advisorIds.others[index % advisorIds.others.length] as string;
    // The demo advisor advises most accounts, so the advisor's own view is full.
    const team =
      index % 3 === 2
        ? [other, advisorIds.manager]
        : index % 2 === 0
          ? [advisorIds.advisor, other]
          : [other, advisorIds.advisor];
    plans.push({
      kind: index % 4 === 3 ? 'token' : 'bond',
      advisorIds: team,
      actions,
      historyDays,
      // Completed deposits and withdrawals moved their money a fifth to four fifths of the way back.
      flowDaysAgo: Math.floor((historyDays * (2 + (index % 7))) / 10),
      ...extra,
    });
  };
  for (let i = 0; i < 8; i += 1) add([], { partial: i % 2 === 0 });
  add([{ type: 'OPEN-ACCOUNT', path: ['SUBMITTED'] }]);
  add([{ type: 'OPEN-ACCOUNT', path: ['SUBMITTED'] }]);
  add([{ type: 'OPEN-ACCOUNT', path: ['SUBMITTED', 'PENDING'] }]);
  add([{ type: 'OPEN-ACCOUNT', path: ['SUBMITTED', 'PENDING'] }]);
  const needsTypes = [
    ['REQUEST-WITHDRAWAL', { cash: 20_000 }],
    ['UPDATE-CUSTODIAN', [{ custodian_name: 'Fidelity', account_number: 'ZX9-Y8W7V6' }]],
    ['SET-USER-DNT', { set_user_dnt: true, user_dnt: 'DNBS' }],
    ['REQUEST-DEPOSIT', { cash: 50_000 }],
  ] as const;
  for (let i = 0; i < 6; i += 1) {
    const [type, payload] = needsTypes[i % needsTypes.length] ?? needsTypes[0];
    add([
      opened,
      asked(type, NEEDS_STATES[i % NEEDS_STATES.length] ?? 'NEEDS-ACTION-IN-CHANNEL', payload),
    ]);
  }
  for (let i = 0; i < 4; i += 1)
    add([opened, { type: 'CLOSE-ACCOUNT', path: ['SUBMITTED', 'PENDING', 'COMPLETED'] }]);
  for (let i = 0; i < 38; i += 1) add([opened, ...goodOrderExtras(i)]);
  return plans;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

async function seedFirmAndPeople(deps: SeedDependencies) {
  const { database } = deps;
  const firm = await seedDemoFirm(database);
  const users = await seedDemoUsers(database, deps.identity, deps.publicToken, firm.id);
  await seedDemoAdvisors(database, firm.id);
  await database.db
    .insert(schema.advisors)
    .values(
      OTHER_ADVISORS.map(([firstName, lastName]) => ({
        firmId: firm.id,
        email: `${firstName}.${lastName}@demo.ballast.test`.toLowerCase(),
        firstName,
        lastName,
        role: 'ADVISOR',
      })),
    )
    .onConflictDoNothing({ target: schema.advisors.email });
  const people = await database.db
    .select({ id: schema.advisors.id, email: schema.advisors.email, role: schema.advisors.role })
    .from(schema.advisors)
    .where(eq(schema.advisors.firmId, firm.id));
  const byEmail = (email: string) => people.find((person) => person.email === email)?.id as string;
  const demoOf = (role: string) =>
    byEmail(DEMO_USERS.find((user) => user.role === role)?.email ?? '');
  return {
    firm,
    users,
    ids: {
      advisor: demoOf('ADVISOR'),
      manager: demoOf('MANAGER'),
      operations: demoOf('OPERATIONS'),
      others: OTHER_ADVISORS.map(([first, last]) =>
        byEmail(`${first}.${last}@demo.ballast.test`.toLowerCase()),
      ),
    },
  };
}

/**
 * Seeds the scenario into the database. The portfolios are written only when the firm has none,
 * so a restart of `npm start` finds the demo as it left it.
 */
export async function seedScenario(
  scenario: SeedScenario,
  deps: SeedDependencies,
): Promise<SeedResult | undefined> {
  if (scenario === 'none') return undefined;
  const { firm, users, ids } = await seedFirmAndPeople(deps);
  const [existing] = await deps.database.db
    .select({ value: count() })
    .from(schema.portfolios)
    .where(eq(schema.portfolios.firmId, firm.id));
  if ((existing?.value ?? 0) > 0) return { firm, users, portfolios: existing?.value ?? 0 };

  const context: SeedContext = {
    db: deps.database.db,
    box: deps.box,
    firmId: firm.id,
    operationsId: ids.operations,
    // History ends on a business day, the last the valuation writes: an account opened the day
    // before a Sunday as-of date would otherwise open on a Saturday, after its last valued day.
    asOf: lastBusinessDayOnOrBefore(deps.asOf ?? todayUtc()),
    random: seededRandom(scenario === 'large' ? 10_000 : scenario === 'minimal' ? 7 : 2026),
  };
  const plans: PortfolioPlan[] =
    scenario === 'demo'
      ? demoPlans(deps.demoHistoryDays ?? DEMO_HISTORY_DAYS, ids)
      : scenario === 'minimal'
        ? [
            {
              kind: 'bond',
              advisorIds: [ids.advisor],
              actions: [],
              partial: true,
              historyDays: 0,
            },
            { kind: 'bond', advisorIds: [ids.advisor], actions: [opened], historyDays: 30 },
          ]
        : Array.from({ length: deps.largeCount ?? 10_000 }, (_, index) => ({
            kind: 'bond' as const,
            advisorIds: [ids.others[index % ids.others.length] as string, ids.advisor],
            model: index % LARGE_MODELS,
            actions: [opened],
            historyDays: 1,
          }));
  for (const plan of plans) await seedPortfolio(context, plan);
  const historyThrough = lastBusinessDayOnOrBefore(context.asOf);
  if (deps.valueHistory === false) {
    return { firm, users, portfolios: plans.length, historyThrough };
  }
  await valueSeededHistory(deps, historyThrough);
  return { firm, users, portfolios: plans.length };
}

/**
 * Values the history a seed wrote, through its last day: what the seed does itself unless told
 * not to, here too for a test that looks at a firm before its history is valued and after.
 */
export async function valueSeededHistory(
  deps: Pick<SeedDependencies, 'database' | 'box' | 'blobs' | 'valuation' | 'onProgress'>,
  through: string,
): Promise<void> {
  const valuation = await valueThrough(
    deps.database.db,
    deps.valuation ?? bundledValuationEngines,
    { blobs: deps.blobs, box: deps.box },
    through,
    {
      concurrency: deps.database.kind === 'postgres' ? 4 : 1,
      onDay: (date, last) => {
        if (isMonthEnd(date)) deps.onProgress?.(date, last);
      },
    },
  );
  if (valuation.failures.length > 0) {
    const [first] = valuation.failures;
    throw new Error(
      `The seed's valuation failed for ${valuation.failures.length} portfolios; the first on ${first?.date}: ${first?.error}`,
    );
  }
}
