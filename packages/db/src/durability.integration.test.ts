import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { firms } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const writer = join(import.meta.dirname, 'durability-writer.fixture.ts');
const ACKS_BEFORE_KILL = 40;

/** Starts the writer, lets it acknowledge some inserts, kills it with SIGKILL mid-stream. */
function writeThenKill(target: string): Promise<number> {
  const child = spawn(process.execPath, [writer, target], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let acknowledged = 0;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^ack (\d+)$/.exec(line);
        if (match) acknowledged = Number(match[1]);
      }
      if (acknowledged >= ACKS_BEFORE_KILL && child.exitCode === null) child.kill('SIGKILL');
    });
    child.once('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`writer stopped on its own: ${stderr}`));
    });
  });
}

describe('acknowledged writes survive kill -9', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('on the embedded database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-durable-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const acknowledged = await writeThenKill(dataDir);
    const reopened = await connectDatabase({ kind: 'pglite', dataDir });
    const rows = await reopened.db.select().from(firms).where(like(firms.name, 'durable-%'));
    await reopened.close();

    expect(acknowledged).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged);
  });

  it.runIf(process.env.DATABASE_URL)('on a PostgreSQL server', async () => {
    const database: TestDatabase = await createTestDatabase(process.env.DATABASE_URL);
    cleanups.push(() => database.dispose());
    const acknowledged = await writeThenKill(database.url ?? '');
    const rows = await database.db.select().from(firms).where(like(firms.name, 'durable-%'));
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged);
  });
});
