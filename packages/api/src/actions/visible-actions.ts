import {
  type ActionState,
  ADVISOR_VISIBLE_ACTION_STATES,
  NOT_FOUND_DETAIL,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { getVisiblePortfolio } from '../auth/portfolio-visibility.ts';
import type { ActionRow } from './action-store.ts';

const { actions } = schema;

/**
 * The roles that move actions through their states (docs/architecture.md "Roles": the back-office
 * queue).
 */
export const OPERATORS: readonly Caller['role'][] = ['OPERATIONS', 'ADMINISTRATOR'];

/**
 * What advisors, managers and CIOs are listed: the advisor-visible states of product §4, and the
 * -DISMISSIBLE variants of the two NEEDS-ACTION ones, which they are shown as their base state.
 * Without the variants a dismissible request would vanish from the list while the portfolio
 * reads NEEDS-ACTION, and the advisor could neither answer nor dismiss it.
 */
export const ADVISOR_LISTED_STATES: readonly ActionState[] = [
  ...ADVISOR_VISIBLE_ACTION_STATES,
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
];

export type ActionRef = { portfolioId: string; actionId: string };

/** The action, if the caller may see its portfolio; otherwise not found. */
export async function getVisibleAction(db: Db, caller: Caller, ref: ActionRef): Promise<ActionRow> {
  const portfolio = await getVisiblePortfolio(db, ref.portfolioId, caller);
  const [row] = await db
    .select()
    .from(actions)
    .where(
      and(
        eq(actions.id, ref.actionId),
        eq(actions.portfolioId, portfolio.id),
        eq(actions.firmId, caller.firmId),
      ),
    );
  if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return row;
}

/** The portfolio's actions in the states asked for, oldest first. */
export async function listVisibleActions(
  db: Db,
  portfolioId: string,
  caller: Caller,
  states: readonly ActionState[] | undefined,
): Promise<ActionRow[]> {
  const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
  // Advisors (and managers, CIOs) see only the states listed to them; operations sees all.
  const allowed: readonly ActionState[] = OPERATORS.includes(caller.role)
    ? (states ?? [])
    : (states ?? ADVISOR_LISTED_STATES).filter((state) => ADVISOR_LISTED_STATES.includes(state));
  if (!OPERATORS.includes(caller.role) && allowed.length === 0) return [];
  return db
    .select()
    .from(actions)
    .where(
      and(
        eq(actions.portfolioId, portfolio.id),
        eq(actions.firmId, caller.firmId),
        allowed.length > 0 ? inArray(actions.state, [...allowed]) : undefined,
      ),
    )
    .orderBy(asc(actions.createdAt));
}
