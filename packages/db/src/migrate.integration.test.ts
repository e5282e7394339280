import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { migrateDatabase } from './migrate.ts';
import { firms } from './schema/index.ts';
import { createTestDatabase } from './testing.ts';

describe('migrations', () => {
  it('create the schema on a fresh database and answer a ping', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    try {
      await database.ping();
      const [firm] = await database.db.insert(firms).values({ name: 'Harbor Wealth' }).returning();
      expect(firm?.name).toBe('Harbor Wealth');
      expect(firm?.id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await database.dispose();
    }
  });

  it('can run again at every start without changing what is there', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL);
    try {
      await database.db.insert(firms).values({ name: 'Keel Partners' });
      await migrateDatabase(database);
      const rows = await database.db.select().from(firms);
      expect(rows.map((row) => row.name)).toEqual(['Keel Partners']);
    } finally {
      await database.dispose();
    }
  });
});

describe('embedded database on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps rows across a close and reopen of its data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-pglite-'));
    dirs.push(dataDir);
    const first = await connectDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(first);
    await first.db.insert(firms).values({ name: 'Lighthouse Advisors' });
    await first.close();

    const second = await connectDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(second);
    const rows = await second.db.select({ name: firms.name }).from(firms);
    await second.close();
    expect(rows).toEqual([{ name: 'Lighthouse Advisors' }]);
  });
});
