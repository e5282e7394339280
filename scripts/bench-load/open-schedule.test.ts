import { describe, expect, it } from 'vitest';
import { issueOnSchedule, weightedRotation } from './open-schedule.ts';

describe('weightedRotation', () => {
  it('gives each name exactly its share over a whole cycle', () => {
    const next = weightedRotation({ list: 12, detail: 22, deposit: 5, signIn: 0.5 });
    const counts: Record<string, number> = {};
    // One cycle of weights summing to 39.5 is 79 picks when doubled to whole numbers.
    for (let pick = 0; pick < 79 * 10; pick += 1) {
      const name = next();
      counts[name] = (counts[name] ?? 0) + 1;
    }
    expect(counts).toEqual({ list: 240, detail: 440, deposit: 100, signIn: 10 });
  });

  it('spreads a name evenly instead of in runs', () => {
    const next = weightedRotation({ a: 1, b: 3 });
    expect(Array.from({ length: 8 }, next).join('')).toBe('babbbabb');
  });

  it('never picks a name of weight zero', () => {
    const next = weightedRotation({ a: 1, b: 0 });
    expect(new Set(Array.from({ length: 10 }, next))).toEqual(new Set(['a']));
  });
});

describe('issueOnSchedule', () => {
  it('issues rate × duration slots, each due 1/rate after the one before', async () => {
    const due: number[] = [];
    const { issued } = await issueOnSchedule({
      rate: 200,
      durationMs: 100,
      issue: (dueAt) => due.push(dueAt),
    });
    expect(issued).toBe(20);
    expect(due).toHaveLength(20);
    for (let slot = 1; slot < due.length; slot += 1) {
      expect((due[slot] ?? 0) - (due[slot - 1] ?? 0)).toBeCloseTo(5, 6);
    }
  });

  it('keeps to the schedule while earlier calls have not answered', async () => {
    const never: Promise<void>[] = [];
    const started = performance.now();
    const { issued } = await issueOnSchedule({
      rate: 100,
      durationMs: 200,
      issue: () => {
        never.push(new Promise(() => undefined));
      },
    });
    expect(issued).toBe(20);
    expect(never).toHaveLength(20);
    // The last slot is due at 190 ms; a closed loop would still be waiting on the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(189);
  });
});
