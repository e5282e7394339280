/**
 * A pool thread: builds the market and loads the solver once, then runs jobs one at a time as
 * the pool sends them, answering each with its id.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type MarketSource, marketOf } from '../market/market-source.ts';
import { loadSolver } from '../optimise/solver.ts';
import { type EngineJob, runJob } from './engine-jobs.ts';

const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs only as a worker thread.');
const market = marketOf(workerData as MarketSource);
const highs = await loadSolver();
port.on('message', ({ id, job }: { id: number; job: EngineJob }) => {
  port.postMessage({ id, reply: runJob(highs, market, job) });
});
port.postMessage({ ready: true, version: market.version });
