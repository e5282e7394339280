/**
 * Product §3 Client data: the account type and its owners (product §5: at least one owner, a type
 * required).
 */
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../enums.ts';
import { choice, IsoDateTimeSchema, requiredOr } from '../fields.ts';
import { AT_LEAST_ONE_OWNER, INVALID_VALUE } from '../messages.ts';
import { OwnerDraftSchema, OwnerSchema } from './owner.ts';

export const ClientDataInputSchema = z.object(
  {
    account_type: choice(ACCOUNT_TYPES, INVALID_VALUE),
    owners: z
      .array(OwnerSchema, { error: requiredOr(INVALID_VALUE) })
      .min(1, { error: AT_LEAST_ONE_OWNER }),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type ClientDataInput = z.infer<typeof ClientDataInputSchema>;

export const ClientDataSchema = ClientDataInputSchema.extend({ created_at: IsoDateTimeSchema });
export type ClientData = z.infer<typeof ClientDataSchema>;

/**
 * Drafts (decision 021): client data as far as it has been typed, which the inputs calls save and
 * seal like the whole; `POST /open` holds it to the schema above.
 */
export const ClientDataDraftSchema = z.object(
  {
    account_type: choice(ACCOUNT_TYPES, INVALID_VALUE).optional(),
    owners: z.array(OwnerDraftSchema, { error: requiredOr(INVALID_VALUE) }),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type ClientDataDraft = z.infer<typeof ClientDataDraftSchema>;
