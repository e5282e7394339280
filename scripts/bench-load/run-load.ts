import { type CallFigures, createCallLog } from './call-log.ts';
import { type Answer, type HttpClient, jsonOf } from './http-client.ts';
import type { CallName, Slot } from './mixed-workload.ts';
import { issueOnSchedule } from './open-schedule.ts';
import { cpuSeconds, type MemorySample, sampleMemory } from './process-stats.ts';

const MEMORY_EVERY_MS = 30_000;

export type LoadResult = {
  calls: CallFigures[];
  sent: number;
  /** Slots not sent because operations had no deposit to move yet, per call. */
  skipped: Partial<Record<CallName, number>>;
  sent_per_s: number;
  /** Answers (of any status) that arrived within the run's window, a second. */
  answered_per_s: number;
  /** The load generator's own worst delay in sending a slot; it counts in the latencies too. */
  max_send_lag_ms: number;
  /** The server process's CPU over the window, 100 being one core. */
  server_cpu_pct: number;
  memory: MemorySample[];
};

/** `HTTP 409` with the envelope's first code, so the report says what was refused. */
function httpError(answer: Answer): string {
  try {
    const { errors } = jsonOf<{ errors?: { code?: string }[] }>(answer);
    const code = errors?.[0]?.code;
    return code ? `HTTP ${answer.status} ${code}` : `HTTP ${answer.status}`;
  } catch {
    return `HTTP ${answer.status}`;
  }
}

function networkError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs the workload's slots against the server on the open schedule for `durationMs`, then waits
 * for the calls still in flight. Latency runs from the moment a call was due, not from when it
 * was sent, so a generator that falls behind cannot hide a slow server (no coordinated
 * omission). The server's memory is sampled at the start, every 30 seconds and at the end.
 */
export async function runLoad(options: {
  client: HttpClient;
  nextSlot: () => Slot;
  names: readonly CallName[];
  rate: number;
  durationMs: number;
  serverPid: number;
  onFirstError?: (kind: string, call: CallName) => void;
}): Promise<LoadResult> {
  const { client, serverPid } = options;
  const log = createCallLog();
  for (const name of options.names) log.declare(name);
  const skipped: Partial<Record<CallName, number>> = {};
  const seenErrors = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let answered = 0;

  const record = (name: CallName, dueAt: number, error?: string) => {
    answered += 1;
    log.record(name, performance.now() - dueAt, error);
    if (error && !seenErrors.has(`${name} ${error}`)) {
      seenErrors.add(`${name} ${error}`);
      options.onFirstError?.(error, name);
    }
  };

  const issue = (dueAt: number) => {
    const { name, call } = options.nextSlot();
    if (!call) {
      skipped[name] = (skipped[name] ?? 0) + 1;
      return;
    }
    const sent: Promise<void> = client
      .send(call)
      .then(
        (answer) => {
          if (answer.status < 200 || answer.status > 299) {
            record(name, dueAt, httpError(answer));
            return;
          }
          try {
            call.onSuccess?.(answer);
            record(name, dueAt);
          } catch (error) {
            record(name, dueAt, `unreadable answer: ${networkError(error)}`);
          }
        },
        (error: unknown) => record(name, dueAt, networkError(error)),
      )
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };

  const memory = sampleMemory(serverPid, MEMORY_EVERY_MS);
  const cpuBefore = await cpuSeconds(serverPid);
  const { issued, maxLagMs } = await issueOnSchedule({
    rate: options.rate,
    durationMs: options.durationMs,
    issue,
  });
  const windowMs = options.durationMs;
  const answeredInWindow = answered;
  const cpu = (await cpuSeconds(serverPid)) - cpuBefore;
  await Promise.all(inFlight);
  const samples = await memory.stop();
  const skippedTotal = Object.values(skipped).reduce((sum, n) => sum + n, 0);
  return {
    calls: log.figures(),
    sent: issued - skippedTotal,
    skipped,
    sent_per_s: Math.round(((issued - skippedTotal) / windowMs) * 10_000) / 10,
    answered_per_s: Math.round((answeredInWindow / windowMs) * 10_000) / 10,
    max_send_lag_ms: Math.round(maxLagMs * 10) / 10,
    server_cpu_pct: Math.round((cpu / (windowMs / 1000)) * 100),
    memory: samples,
  };
}
