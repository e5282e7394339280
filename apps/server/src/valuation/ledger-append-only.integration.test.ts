import { runValuation } from '@ballast/api';
import { schema } from '@ballast/db';
import { refusalOf } from '@ballast/db/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';

describe('the ledger (decision 024)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture('2026-03-06');
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('refuses to change or remove a row once written', async () => {
    const { database, engine } = fixture;
    const { db } = database;
    const ref = await fixture.open(investableBondStrategy(), '2026-03-02');
    expect((await runValuation(db, engine, { through: '2026-03-06' })).failures).toEqual([]);
    const ledger = () =>
      db
        .select()
        .from(schema.ledgerEntries)
        .where(eq(schema.ledgerEntries.portfolioId, ref.portfolioId))
        .orderBy(asc(schema.ledgerEntries.id));
    const written = await ledger();
    const [first] = written;
    if (!first) throw new Error('The valuation wrote no ledger rows.');

    expect(
      await refusalOf(
        db
          .update(schema.ledgerEntries)
          .set({ cash: '0' })
          .where(eq(schema.ledgerEntries.id, first.id)),
      ),
    ).toBe('ledger_entries is append-only');
    expect(
      await refusalOf(db.delete(schema.ledgerEntries).where(eq(schema.ledgerEntries.id, first.id))),
    ).toBe('ledger_entries is append-only');
    expect(await refusalOf(db.execute(sql`delete from ledger_entries`))).toBe(
      'ledger_entries is append-only',
    );
    expect(await ledger()).toEqual(written);
  }, 300_000);
});
