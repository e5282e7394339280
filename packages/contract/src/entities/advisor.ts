/** Product §3 Advisor: the signed-in user, the settings payload and the advisor picker's rows. */
import { z } from 'zod';
import { ZIP_CODE_MAX_LENGTH } from '../constants.ts';
import {
  ADVISOR_ROLES,
  ADVISOR_STATUSES,
  AdvisorRoleSchema,
  AdvisorStatusSchema,
} from '../enums.ts';
import { choice, IdSchema, requiredBoolean } from '../fields.ts';
import {
  FIRST_NAME_REQUIRED,
  INVALID_EMAIL,
  INVALID_VALUE,
  LAST_NAME_REQUIRED,
  SELECT_VALID_OPTION,
  ZIP_CODE_TOO_LONG,
} from '../messages.ts';
import { PhoneNumberSchema } from '../phone.ts';
import { US_STATE_ABBREVIATIONS } from '../us-states.ts';

// Unset optional text is the empty string rather than null, so a form can bind it directly.
export const AdvisorSchema = z.object({
  advisor: IdSchema,
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  email: z.email(),
  phone: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  status: AdvisorStatusSchema,
  role: AdvisorRoleSchema,
  in_app_notification: z.boolean(),
  email_notification: z.boolean(),
  firm_id: IdSchema,
});
export type Advisor = z.infer<typeof AdvisorSchema>;

export const AdvisorFirstNameSchema = z
  .string({ error: FIRST_NAME_REQUIRED })
  .trim()
  .min(1, { error: FIRST_NAME_REQUIRED });
export const AdvisorLastNameSchema = z
  .string({ error: LAST_NAME_REQUIRED })
  .trim()
  .min(1, { error: LAST_NAME_REQUIRED });

/** A state abbreviation from the product §3 list, or empty when the advisor gives no address. */
export const AdvisorStateSchema = z.enum(['', ...US_STATE_ABBREVIATIONS], {
  error: SELECT_VALID_OPTION,
});

const text = () => z.string({ error: INVALID_VALUE });

/** PUT /advisors/{id}: the advisor minus its id, the in-app flag and the firm (product §3). */
export const AdvisorUpdateSchema = AdvisorSchema.omit({
  advisor: true,
  in_app_notification: true,
  firm_id: true,
}).extend({
  first_name: AdvisorFirstNameSchema,
  middle_name: text(),
  last_name: AdvisorLastNameSchema,
  email: z.email({ error: INVALID_EMAIL }),
  phone: PhoneNumberSchema,
  address: text(),
  address2: text(),
  city: text(),
  state: AdvisorStateSchema,
  zip_code: text().max(ZIP_CODE_MAX_LENGTH, { error: ZIP_CODE_TOO_LONG }),
  status: choice(ADVISOR_STATUSES),
  role: choice(ADVISOR_ROLES),
  email_notification: requiredBoolean(),
});
export type AdvisorUpdate = z.infer<typeof AdvisorUpdateSchema>;

/** The name pair the portfolio list shows for each advisor. */
export const AdvisorNameSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
});
export type AdvisorName = z.infer<typeof AdvisorNameSchema>;

/**
 * Advisor picker row (product §3 'Advisor' ("advisor id, role and a name summary")); the name is
 * its two parts.
 */
export const AdvisorListItemSchema = AdvisorNameSchema.extend({
  advisor: IdSchema,
  role: AdvisorRoleSchema,
});
export type AdvisorListItem = z.infer<typeof AdvisorListItemSchema>;
