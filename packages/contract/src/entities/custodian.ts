/** Product §3 Custodian records and product §5 custodian account-number rules. */
import { z } from 'zod';
import { CustodianStatusSchema } from '../enums.ts';
import { IdSchema, requiredOr, requiredText } from '../fields.ts';
import {
  ACCOUNT_NUMBER_EMPTY,
  FIDELITY_ACCOUNT_NUMBER_FORMAT,
  INVALID_VALUE,
  SCHWAB_ACCOUNT_NUMBER_FORMAT,
} from '../messages.ts';

/** GET /custodians rows; the id serves GET /custodians/{id}. */
export const CustodianSchema = z.object({
  id: IdSchema,
  name: z.string(),
  product: z.string(),
  description: z.string(),
  status: CustodianStatusSchema,
});
export type Custodian = z.infer<typeof CustodianSchema>;

export const FIDELITY = 'Fidelity';
export const SCHWAB = 'Schwab';
export const CUSTODIAN_NAMES = [FIDELITY, SCHWAB] as const;
export type CustodianName = (typeof CUSTODIAN_NAMES)[number];

/**
 * The account-number form each custodian requires, keyed by the name the custodian list supplies.
 */
export const ACCOUNT_NUMBER_FORMATS = {
  [FIDELITY]: {
    pattern: /^[A-Za-z0-9]{3}-[A-Za-z0-9]{6}$/,
    message: FIDELITY_ACCOUNT_NUMBER_FORMAT,
  },
  [SCHWAB]: { pattern: /^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/, message: SCHWAB_ACCOUNT_NUMBER_FORMAT },
} as const satisfies Record<CustodianName, { pattern: RegExp; message: string }>;

function isCustodianName(name: string): name is CustodianName {
  return Object.hasOwn(ACCOUNT_NUMBER_FORMATS, name);
}

export type AccountNumberCheck = {
  /**
   * Strict checks (opening an account, changing custodian) refuse an empty number; drafts allow it.
   */
  strict: boolean;
};

/**
 * One custodian account of a portfolio's inputs. The number's form depends on the custodian, so
 * it is checked beside the name; names outside the list get no form check here (the api checks
 * the name against the custodian table).
 */
export function custodianInputSchema({ strict }: AccountNumberCheck) {
  const accountNumber = strict
    ? z.string({ error: ACCOUNT_NUMBER_EMPTY }).trim().min(1, { error: ACCOUNT_NUMBER_EMPTY })
    : z.string({ error: INVALID_VALUE }).trim().optional();
  return z
    .object(
      { custodian_name: requiredText(), account_number: accountNumber },
      { error: requiredOr(INVALID_VALUE) },
    )
    .superRefine(({ custodian_name, account_number }, ctx) => {
      if (!account_number || !isCustodianName(custodian_name)) return;
      const format = ACCOUNT_NUMBER_FORMATS[custodian_name];
      if (!format.pattern.test(account_number)) {
        ctx.addIssue({ code: 'custom', message: format.message, path: ['account_number'] });
      }
    });
}

export const CustodianInputSchema = custodianInputSchema({ strict: true });
export type CustodianInput = z.infer<typeof CustodianInputSchema>;
export const CustodianInputDraftSchema = custodianInputSchema({ strict: false });
export type CustodianInputDraft = z.infer<typeof CustodianInputDraftSchema>;

/** How the portfolio detail names a linked account (product §3 current_custodians). */
export const CurrentCustodianSchema = z.object({
  custodian_name: z.string(),
  custodian_account: z.string(),
});
export type CurrentCustodian = z.infer<typeof CurrentCustodianSchema>;
