import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { COMPARER_CELLS, type ComparerStrategy, type ComparerSummaryCell } from '@ballast/contract';
import type { MarketSource } from '../market/market-source.ts';
import type { EngineAnswer, EngineJob, ThreadReply } from './engine-jobs.ts';

/** A fault of the engine in a thread: not an answer, so the caller's promise rejects. */
export class EngineFaultError extends Error {
  override readonly name = 'EngineFaultError';
}

export type EnginePool = {
  /** The market the threads hold, for simulation hashes. */
  marketVersion: string;
  run<Job extends EngineJob>(job: Job): Promise<EngineAnswer<Job>>;
  /** Every cell of the comparer that can be built, at once, over the threads (SPEC 10.3). */
  runComparer(input: ComparerStrategy): Promise<ComparerSummaryCell[]>;
  close(): Promise<void>;
};

type Pending = { resolve: (reply: ThreadReply) => void };
type Thread = { worker: Worker; busy: boolean; current?: number };

/**
 * Worker threads that each hold the market and a solver (SPEC 10.3): a job goes to the first
 * idle thread, or waits for one. One thread per core by default.
 */
export async function createEnginePool(
  options: { size?: number; market?: MarketSource } = {},
): Promise<EnginePool> {
  const size = options.size ?? availableParallelism();
  const pending = new Map<number, Pending>();
  const queue: { id: number; job: EngineJob }[] = [];
  let nextId = 0;
  let nextRequest = 0;
  const threads: Thread[] = [];
  let closing = false;
  const versions = await Promise.all(
    Array.from({ length: size }, () => {
      const worker = new Worker(new URL('./engine-worker.ts', import.meta.url), {
        workerData: options.market ?? { kind: 'generated' },
      });
      const thread: Thread = { worker, busy: true };
      threads.push(thread);
      // A thread that dies fails the job it held and leaves the pool; when none is left, the
      // jobs still queued fail too, rather than wait for a thread that will never come.
      worker.on('error', (error) => {
        const waiting = thread.current === undefined ? undefined : pending.get(thread.current);
        if (thread.current !== undefined) pending.delete(thread.current);
        waiting?.resolve({ ok: false, fault: error.message });
      });
      worker.on('exit', () => {
        threads.splice(threads.indexOf(thread), 1);
        if (thread.current !== undefined) {
          pending.get(thread.current)?.resolve({ ok: false, fault: 'The engine thread stopped.' });
          pending.delete(thread.current);
        }
        if (threads.length > 0 || closing) return;
        for (const { id } of queue.splice(0)) {
          pending.get(id)?.resolve({ ok: false, fault: 'No engine thread is left to run this.' });
          pending.delete(id);
        }
      });
      return new Promise<string>((resolve, reject) => {
        worker.once('error', reject);
        worker.on(
          'message',
          (message: { ready?: true; version?: string; id?: number; reply?: ThreadReply }) => {
            if (message.ready) {
              thread.busy = false;
              resolve(message.version ?? '');
              dispatch();
              return;
            }
            const waiting = pending.get(message.id as number);
            pending.delete(message.id as number);
            thread.busy = false;
            waiting?.resolve(message.reply as ThreadReply);
            dispatch();
          },
        );
      });
    }),
  );

  function dispatch() {
    for (const thread of threads) {
      if (thread.busy) continue;
      const next = queue.shift();
      if (!next) return;
      thread.busy = true;
      thread.current = next.id;
      thread.worker.postMessage(next);
    }
  }

  async function run<Job extends EngineJob>(job: Job): Promise<EngineAnswer<Job>> {
    const id = nextId++;
    const reply = await new Promise<ThreadReply>((resolve) => {
      pending.set(id, { resolve });
      queue.push({ id, job });
      dispatch();
    });
    if (!reply.ok) throw new EngineFaultError(reply.fault);
    return reply.answer as EngineAnswer<Job>;
  }

  return {
    marketVersion: versions[0] ?? '',
    run,
    async runComparer(input) {
      const request = nextRequest++;
      const cells = await Promise.all(
        COMPARER_CELLS.map((cell) => run({ kind: 'comparer-cell', input, cell, request })),
      );
      return cells.flatMap((cell) => (cell.ok ? [cell.value] : []));
    },
    async close() {
      closing = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
