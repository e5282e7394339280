import { z } from 'zod';

/**
 * The header a client sends with a request that creates something, so that retrying after a lost
 * answer gives the first answer again instead of a second deposit (decision 029).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_KEY_INVALID =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';

export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request.';

// Visible ASCII only: a key is compared byte for byte and may be logged by proxies.
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IdempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: IDEMPOTENCY_KEY_INVALID });
