/**
 * The firm's transition log (docs/architecture.md "Action states"): every move of every request
 * of the firm in a range of UTC days, by time and then by the log's own sequence, as the records
 * export lists it (decision 027).
 */
import { type Db, schema } from '@ballast/db';
import type { TransitionCsvRow } from '@ballast/documents';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { type DayRange, utcBounds } from './day-range.ts';
import { keyAfter, keysetPages } from './keyset-pages.ts';
import { exactInstant } from './record-columns.ts';

const { actions, actionTransitions, advisors } = schema;

// The log has no index on time, so each page scans the firm's moves in the range; large pages
// keep the scans few.
const TRANSITIONS_PAGE = 10_000;

const columns = {
  id: actionTransitions.id,
  at: exactInstant(actionTransitions.at),
  portfolioId: actions.portfolioId,
  actionId: actions.id,
  actionType: actions.actionType,
  fromState: actionTransitions.fromState,
  toState: actionTransitions.toState,
  actorAdvisorId: actionTransitions.actorAdvisorId,
  actorName: sql<string>`trim(${advisors.firstName} || ' ' || ${advisors.lastName})`,
  payloadHash: actionTransitions.payloadHash,
};

type Move = { id: number } & TransitionCsvRow;

/** The firm's moves whose UTC day is in `range`, a page at a time. */
export async function* firmTransitionPages(
  db: Db,
  firmId: string,
  range: DayRange,
): AsyncGenerator<TransitionCsvRow[]> {
  const { start, end } = utcBounds(range);
  const key = [actionTransitions.at, actionTransitions.id] as const;
  const pages = keysetPages(TRANSITIONS_PAGE, (last: Move | undefined) =>
    db
      .select(columns)
      .from(actionTransitions)
      .innerJoin(actions, eq(actions.id, actionTransitions.actionId))
      .innerJoin(advisors, eq(advisors.id, actionTransitions.actorAdvisorId))
      .where(
        and(
          eq(actions.firmId, firmId),
          gte(actionTransitions.at, start),
          lt(actionTransitions.at, end),
          last ? keyAfter(key, [last.at, last.id]) : undefined,
        ),
      )
      .orderBy(asc(actionTransitions.at), asc(actionTransitions.id))
      .limit(TRANSITIONS_PAGE),
  );
  for await (const moves of pages) yield moves.map(({ id: _sequence, ...move }) => move);
}
