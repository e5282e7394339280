/**
 * What the engine answers when a request can fail for a reason the user can act on
 * (docs/architecture.md "Errors"): a strategy no portfolio meets is an answer, not an exception.
 * Faults of the engine itself still throw.
 */
export type EngineResult<Value> = { ok: true; value: Value } | { ok: false; reason: string };
