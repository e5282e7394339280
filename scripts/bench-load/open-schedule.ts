import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Picks names in proportion to their weights, spread evenly rather than in runs (the smooth
 * weighted round-robin nginx uses for upstreams): over any whole cycle each name gets exactly
 * its share, and the same weights always give the same order.
 */
export function weightedRotation<Name extends string>(
  weights: Readonly<Record<Name, number>>,
): () => Name {
  const entries = (Object.entries(weights) as [Name, number][])
    .filter(([, weight]) => weight > 0)
    .map(([name, weight]) => ({ name, weight, credit: 0 }));
  const [first] = entries;
  if (!first) throw new Error('at least one weight must be above zero');
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
  return () => {
    let best = first;
    for (const entry of entries) {
      entry.credit += entry.weight;
      if (entry.credit > best.credit) best = entry;
    }
    best.credit -= total;
    return best.name;
  };
}

export type Issued = {
  issued: number;
  /** How late the latest slot was sent: the load generator's own delay, not the server's. */
  maxLagMs: number;
};

/**
 * The open model: slot i is due at `start + i / rate` and is issued then, whether or not earlier
 * calls have answered, so a slow server meets the same arrivals as a fast one. `issue` gets the
 * time the slot was due (performance.now() clock) and must not wait on the answer. Resolves once
 * the last slot is issued.
 */
export async function issueOnSchedule(options: {
  rate: number;
  durationMs: number;
  issue: (dueAt: number) => void;
}): Promise<Issued> {
  const { rate, durationMs, issue } = options;
  const total = Math.floor((rate * durationMs) / 1000);
  const start = performance.now();
  const dueAt = (slot: number) => start + (slot * 1000) / rate;
  let next = 0;
  let maxLagMs = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && dueAt(next) <= now) {
      maxLagMs = Math.max(maxLagMs, now - dueAt(next));
      issue(dueAt(next));
      next += 1;
    }
    if (next < total) await sleep(Math.max(0, dueAt(next) - performance.now()));
  }
  return { issued: total, maxLagMs };
}
