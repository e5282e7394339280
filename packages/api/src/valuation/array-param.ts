import { type SQL, sql } from 'drizzle-orm';
import type { PortfolioRef } from './portfolio-day.ts';

type ArrayType = 'uuid' | 'date';

/**
 * A list of uuids or dates as one array parameter. Drizzle spreads a JavaScript array into one
 * parameter per element; a batch of portfolios would then build statements of thousands.
 * Neither type can hold a comma, so the values travel joined.
 */
export function arrayParam(values: readonly string[], type: ArrayType): SQL {
  return sql`string_to_array(${values.join(',')}, ',')::${sql.raw(type)}[]`;
}

/** `unnest(…)` of equally long lists: their i-th values are the i-th row. */
export function unnestOf(columns: readonly (readonly [readonly string[], ArrayType])[]): SQL {
  return sql`unnest(${sql.join(
    columns.map(([values, type]) => arrayParam(values, type)),
    sql`, `,
  )})`;
}

/** A batch of portfolios as rows of (portfolio id, firm id), each checked against its firm. */
export function portfolioRows(refs: readonly PortfolioRef[]): SQL {
  return unnestOf([
    [refs.map((ref) => ref.portfolioId), 'uuid'],
    [refs.map((ref) => ref.firmId), 'uuid'],
  ]);
}
