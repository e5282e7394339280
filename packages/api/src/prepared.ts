import type { Db } from '@ballast/db';

/**
 * A statement built and named once per database handle, for the reads every screen repeats.
 * Building a query costs more than running it on a warm connection, and a named statement is
 * parsed and planned by PostgreSQL once per connection rather than once per call. Each handle (a
 * test's database, a transaction) gets its own, created on first use.
 */
export function preparedPerDatabase<Statement>(
  build: (db: Db) => Statement,
): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
