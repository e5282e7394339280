import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth and no whitespace, so two requests that mean the
 * same thing are the same text whatever order their fields were sent in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type RunKind = 'SIMULATION' | 'COMPARER';

/** The content hash that names a run: the kind, the request and its window. */
export function runHash(kind: RunKind, request: unknown, timeWindow: string): string {
  return createHash('sha256')
    .update(canonicalJson({ kind, request, time_window: timeWindow }))
    .digest('hex');
}
