import { createHash } from 'node:crypto';

/** The audit log keeps a digest of what the action carried, not the (possibly personal) data. */
export function payloadHash(actionPayload: unknown, needsActionPayload: unknown): string {
  return createHash('sha256')
    .update(
      JSON.stringify({ action_payload: actionPayload, needs_action_payload: needsActionPayload }),
    )
    .digest('hex');
}
