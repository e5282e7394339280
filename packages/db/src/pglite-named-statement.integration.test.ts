// Named statements on the embedded database (decision 037): parsed once, then bound and run by
// name, waiting their turn behind other callers' transactions.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteNamedStatement } from './pglite-named-statement.ts';
import { statementRows } from './statement-rows.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const INSERT = 'insert into named_rows (id, label) values ($1::int, $2) returning id, label';

describe('pgliteNamedStatement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    await database.db.execute(
      sql`create table named_rows (id int primary key, label text, at timestamptz default now())`,
    );
  });
  afterAll(() => database?.dispose());

  it.runIf(process.env.DATABASE_URL)(
    'leaves a PostgreSQL server’s statements to its driver',
    () => {
      expect(pgliteNamedStatement(database.db, 'named_insert', INSERT)).toBeUndefined();
    },
  );

  describe.skipIf(process.env.DATABASE_URL)('on the embedded database', () => {
    it('parses a statement once and runs it by name with each call’s values', async () => {
      const insert = pgliteNamedStatement(database.db, 'named_insert', INSERT);
      if (!insert) throw new Error('no named statement on the embedded database');
      const answers = [];
      for (let id = 1; id <= 8; id++) answers.push(await insert([String(id), `row ${id}`]));
      expect(answers[0]).toEqual([['1', 'row 1']]);
      expect(answers[7]).toEqual([['8', 'row 8']]);
      expect(await insert(['9', null])).toEqual([['9', null]]);

      expect(pgliteNamedStatement(database.db, 'named_insert', INSERT)).toBe(insert);
      const [prepared] = await statementRows<{ statement: string; runs: number }>(
        database.db,
        sql`select statement, (generic_plans + custom_plans)::int as runs
          from pg_prepared_statements where name = 'named_insert'`,
      );
      expect(prepared).toEqual({ statement: INSERT, runs: 9 });
    });

    it('fails a call with the database’s error and runs the next one', async () => {
      const insert = pgliteNamedStatement(database.db, 'named_insert', INSERT);
      await expect(insert?.(['1', 'again'])).rejects.toThrow(/duplicate key value/);
      expect(await insert?.(['10', 'after the error'])).toEqual([['10', 'after the error']]);
    });

    it('fails a statement that does not parse, each time it is called', async () => {
      const broken = pgliteNamedStatement(database.db, 'named_broken', 'select from nowhere $1');
      await expect(broken?.(['1'])).rejects.toThrow(/syntax error/);
      await expect(broken?.(['1'])).rejects.toThrow(/syntax error/);
      const count = pgliteNamedStatement(
        database.db,
        'named_count',
        'select count(*) from named_rows',
      );
      expect(await count?.([])).toEqual([['10']]);
    });

    it('waits for a transaction another caller has open, and is not part of it', async () => {
      const count = pgliteNamedStatement(
        database.db,
        'named_count_over',
        'select count(*) from named_rows where id > $1::int',
      );
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted: () => void = () => undefined;
      const insertedInTransaction = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const transaction = database.db
        .transaction(async (tx) => {
          expect(pgliteNamedStatement(tx, 'named_count_over', 'select 1')).toBeUndefined();
          await tx.execute(
            sql`insert into named_rows (id, label) values (100, 'in a transaction')`,
          );
          inserted();
          await held;
          tx.rollback();
        })
        .catch(() => 'rolled back');
      await insertedInTransaction;
      let settled = false;
      const counted = count?.(['99']).finally(() => {
        settled = true;
      });
      // Turns of the event loop in which a call that did not wait would have run and answered.
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      release();
      expect(await transaction).toBe('rolled back');
      expect(await counted).toEqual([['0']]);
    });
  });
});
