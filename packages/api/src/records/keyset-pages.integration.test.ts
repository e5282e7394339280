import { schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyAfter, keysetPages } from './keyset-pages.ts';
import { exactInstant } from './record-columns.ts';

const { firms, firmAuditEvents } = schema;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
});
afterAll(() => database.dispose());

describe('keyset pages', () => {
  it('page over a timestamp key to the microsecond, losing and repeating no row', async () => {
    const { db } = database;
    const [firm] = await db.insert(firms).values({ name: 'Keyset' }).returning({ id: firms.id });
    const firmId = firm?.id ?? '';
    // Seven events within one millisecond, two of them at the very same microsecond: a page that
    // ended on a millisecond would repeat or skip some of them.
    const instants = [
      '2026-03-02T10:00:00.000100Z',
      '2026-03-02T10:00:00.000100Z',
      '2026-03-02T10:00:00.000101Z',
      '2026-03-02T10:00:00.000102Z',
      '2026-03-02T10:00:00.000500Z',
      '2026-03-02T10:00:00.000999Z',
      '2026-03-02T10:00:00.000000Z',
    ];
    await db.insert(firmAuditEvents).values(
      instants.map((at, index) => ({
        firmId,
        at: sql`${at}::timestamptz`,
        kind: 'FIRM_CHANGED',
        subject: `event ${index}`,
      })),
    );
    const key = [firmAuditEvents.at, firmAuditEvents.id] as const;
    type Event = { at: string; id: string; subject: string };
    const sizes: number[] = [];
    const read: Event[] = [];
    for await (const page of keysetPages(2, (last: Event | undefined) =>
      db
        .select({
          at: exactInstant(firmAuditEvents.at),
          id: firmAuditEvents.id,
          subject: firmAuditEvents.subject,
        })
        .from(firmAuditEvents)
        .where(
          and(
            eq(firmAuditEvents.firmId, firmId),
            last ? keyAfter(key, [last.at, last.id]) : undefined,
          ),
        )
        .orderBy(asc(firmAuditEvents.at), asc(firmAuditEvents.id))
        .limit(2),
    )) {
      sizes.push(page.length);
      read.push(...page);
    }
    expect(sizes).toEqual([2, 2, 2, 1]);
    expect(read.map((event) => event.at)).toEqual([...instants].sort());
    expect(new Set(read.map((event) => event.id)).size).toBe(instants.length);
  });

  it('stops after an empty first page', async () => {
    const pages: unknown[][] = [];
    for await (const page of keysetPages(5, async () => [])) pages.push(page);
    expect(pages).toEqual([]);
  });
});
