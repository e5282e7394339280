/**
 * One process of `npm run bench:valuation` on PostgreSQL: values its share of the portfolios as
 * the job does (`valueThrough`, documents included), so two of them use both cores. The bench
 * sends the job, the worker connects and builds the market, says it is ready, and starts on
 * `go`, so the wall clock covers the valuation and not the market's build.
 */
import { join } from 'node:path';
import { connectDatabase, createDirectoryBlobStore, createSecretBox } from '@ballast/db';
import { bundledValuationEngines } from '../apps/server/src/valuation/valuation-engine.ts';
import { valueThrough } from '../apps/server/src/valuation/valuation-schedule.ts';

export type WorkerJob = {
  url: string;
  dataDir: string;
  encryptionKey: string;
  through: string;
  portfolioIds: string[];
  concurrency: number;
};

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; valued: number; failures: number; firstFailure?: string };

function send(message: WorkerMessage): void {
  process.send?.(message);
}

process.once('message', async (job: WorkerJob) => {
  const database = await connectDatabase({
    kind: 'postgres',
    url: job.url,
    maxConnections: job.concurrency,
  });
  const engines = bundledValuationEngines;
  await engines.through(job.through);
  await database.ping();
  process.once('message', async () => {
    const summary = await valueThrough(
      database.db,
      engines,
      {
        blobs: createDirectoryBlobStore(join(job.dataDir, 'blobs')),
        box: createSecretBox(job.encryptionKey),
      },
      job.through,
      { portfolioIds: job.portfolioIds, concurrency: job.concurrency },
    );
    await database.close();
    send({
      type: 'done',
      valued: summary.valued,
      failures: summary.failures.length,
      ...(summary.failures[0] ? { firstFailure: summary.failures[0].error } : {}),
    });
    process.disconnect?.();
  });
  send({ type: 'ready' });
});
