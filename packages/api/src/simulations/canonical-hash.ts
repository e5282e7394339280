import { createHash } from 'node:crypto';
import { ENGINE_RULES_VERSION } from '@ballast/engine';

/**
 * JSON with object keys sorted at every depth and no whitespace, so two requests that mean the
 * same thing are the same text whatever order their fields were sent in.
 */
export function canonicalJson(value: unknown): string {
  // As JSON.stringify does: a missing list item is null, a missing property is left out.
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type RunKind = 'SIMULATION' | 'COMPARER';

/**
 * The content hash that names a run: the kind, the request, its window and the market it runs
 * on, and the engine's rules. The kind is part of the hashed text, so a simulation and a
 * comparison of the same body never share a name; the market and the rules too, so a result is
 * never served for other market data or computed by rules since corrected.
 */
export function runHash(
  kind: RunKind,
  request: unknown,
  timeWindow: string,
  market: string,
  rules = ENGINE_RULES_VERSION,
): string {
  return createHash('sha256')
    .update(canonicalJson({ kind, request, time_window: timeWindow, market, rules }))
    .digest('hex');
}
