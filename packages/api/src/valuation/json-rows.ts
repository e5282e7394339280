/**
 * Rows carried into a statement as one JSON parameter: a day's ledger rows, report and asset
 * lines go to the database in the one statement that values the day, whatever their number,
 * rather than one statement (and one round trip) each.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A table's rows as JSON: `rows(values)` is the parameter `insert` reads. */
export type JsonRows<Table extends PgTable> = {
  /**
   * `insert into table (columns) select columns from <json>`: the rows are read by the table's
   * own row type, so each value is converted as its column declares. `from` names relations
   * the insert needs rows of (`book`): when one is empty, nothing is inserted.
   */
  insert(json: ReturnType<typeof sql.placeholder>, from: SQL): SQL;
  /** The rows, keyed by the schema's property names, as the JSON `insert` reads. */
  json(rows: readonly Partial<Table['$inferInsert']>[]): string;
};

/**
 * Rows of `table` filling `properties`. A row without one of them leaves it null, so every
 * column a row must fill is named and present in each row.
 */
export function jsonRows<Table extends PgTable>(
  table: Table,
  properties: readonly (keyof Table['$inferInsert'] & string)[],
): JsonRows<Table> {
  const columns = getTableColumns(table);
  const names = properties.map((property) => {
    const column = columns[property];
    if (!column) throw new Error(`${property} is not a column of the table`);
    return column.name;
  });
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const selected = sql.join(
    names.map((name) => sql`r.${sql.identifier(name)}`),
    sql`, `,
  );
  return {
    insert: (json, from) =>
      sql`insert into ${table} (${list}) select ${selected}
        from ${from}, json_populate_recordset(null::${table}, ${json}::json) as r`,
    json: (rows) =>
      JSON.stringify(
        rows.map((row) => {
          const named: Record<string, unknown> = {};
          properties.forEach((property, index) => {
            named[names[index] as string] = row[property] ?? null;
          });
          return named;
        }),
      ),
  };
}
