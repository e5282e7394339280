/** Product §3 KYC input (one line per uploaded document) and product §5's description limit. */
import { z } from 'zod';
import { KYC_DESCRIPTION_MAX_LENGTH } from '../constants.ts';
import { IdSchema, requiredOr, requiredText } from '../fields.ts';
import { INVALID_VALUE, KYC_DESCRIPTION_TOO_LONG } from '../messages.ts';

/** `id` is the uploaded document's id (POST /kyc-documents answers with it). */
export const KycInputSchema = z.object(
  {
    id: IdSchema,
    owner_name: requiredText(),
    description: z
      .string({ error: requiredOr(INVALID_VALUE) })
      .max(KYC_DESCRIPTION_MAX_LENGTH, { error: KYC_DESCRIPTION_TOO_LONG }),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type KycInput = z.infer<typeof KycInputSchema>;
