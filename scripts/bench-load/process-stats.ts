import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** The kernel reports a process's CPU time in ticks of 1/100 s (USER_HZ) on Linux. */
const TICKS_PER_SECOND = 100;

/** Resident memory of the process, in MiB, from /proc/<pid>/status (VmRSS). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`process ${pid} reports no VmRSS`);
  return Math.round(Number(kb) / 102.4) / 10;
}

/** CPU seconds the process has used, user and system, from /proc/<pid>/stat. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name in parentheses may hold spaces; the fields after it do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Resolves once the process has used under a tenth of a core for two seconds running: a server
 * that has just started may still be catching up on the daily valuation (which builds the
 * market first) after it says it is running, and that work is not what a load test measures.
 * Gives up after `maxMs` and says how busy it still was.
 */
export async function waitUntilIdle(
  pid: number,
  maxMs: number,
): Promise<{ waitedMs: number; idle: boolean }> {
  const started = performance.now();
  let previous = await cpuSeconds(pid);
  let quietSeconds = 0;
  while (performance.now() - started < maxMs) {
    await sleep(1000);
    const now = await cpuSeconds(pid);
    quietSeconds = now - previous < 0.1 ? quietSeconds + 1 : 0;
    previous = now;
    if (quietSeconds >= 2) return { waitedMs: performance.now() - started, idle: true };
  }
  return { waitedMs: performance.now() - started, idle: false };
}

export type MemorySample = { at_s: number; rss_mb: number };

/**
 * The lowest of five reads of the resident memory over a second. A password sign-in's Argon2id
 * holds 19 MiB for the tenth of a second it runs, and one read may catch it; the lowest read
 * leaves such passing peaks out and keeps whatever stays.
 */
async function settledRssMb(pid: number): Promise<number> {
  let lowest = await rssMb(pid);
  for (let read = 1; read < 5; read += 1) {
    await sleep(200);
    lowest = Math.min(lowest, await rssMb(pid));
  }
  return lowest;
}

/**
 * Samples the process's resident memory now, every `everyMs`, and once more when stopped;
 * `at_s` counts from the first sample.
 */
export function sampleMemory(pid: number, everyMs: number) {
  const started = performance.now();
  const samples: MemorySample[] = [];
  const take = async () => {
    const at_s = Math.round((performance.now() - started) / 1000);
    samples.push({ at_s, rss_mb: await settledRssMb(pid) });
  };
  const first = take();
  const timer = setInterval(() => void take().catch(() => undefined), everyMs);
  return {
    async stop(): Promise<MemorySample[]> {
      clearInterval(timer);
      await first;
      await take();
      return samples.sort((a, b) => a.at_s - b.at_s);
    },
  };
}
