import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { BondSimulationResultSchema } from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { createTestDatabase } from '@ballast/db/testing';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

const workerScript = join(import.meta.dirname, 'worker-main.ts');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [workerScript], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { exited, stderr: () => stderr };
}

describe('the worker entry point', () => {
  it('refuses to start on the embedded database, which one process owns', async () => {
    const worker = startWorker({ ENGINE_THREADS: '1' });
    expect(await worker.exited).toBe(1);
    expect(worker.stderr()).toContain('DATABASE_URL: a worker shares the api');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'computes a run the api queued in the shared database',
    async () => {
      const database = await createTestDatabase(process.env.DATABASE_URL);
      try {
        const [firm] = await database.db
          .insert(schema.firms)
          .values({ name: 'Worker test firm' })
          .returning({ id: schema.firms.id });
        const input = makeBondStrategyInput();
        const request = {
          ...input,
          strategy: {
            ...input.strategy,
            factors: {
              ...input.strategy.factors,
              liquidity: { target: 'U' as const, min: 1, max: 100 },
            },
          },
        };
        await database.db.insert(schema.simulationRuns).values({
          firmId: firm?.id ?? '',
          hash: 'a'.repeat(64),
          kind: 'SIMULATION',
          timeWindow: 'today',
          request,
          status: 'QUEUED',
        });
        startWorker({ DATABASE_URL: database.url ?? '', ENGINE_THREADS: '1' });

        const deadline = Date.now() + 50_000;
        let run: typeof schema.simulationRuns.$inferSelect | undefined;
        do {
          [run] = await database.db
            .select()
            .from(schema.simulationRuns)
            .where(eq(schema.simulationRuns.hash, 'a'.repeat(64)));
          if (run?.status === 'DONE' || run?.status === 'FAILED') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        } while (Date.now() < deadline);

        expect(run?.status, run?.failure ?? '').toBe('DONE');
        const result = BondSimulationResultSchema.parse(run?.result);
        expect(result.backtest?.balance.data[0]?.name).toBe('Portfolio');
      } finally {
        for (const child of children.splice(0)) child.kill('SIGKILL');
        await database.dispose();
      }
    },
  );
});
