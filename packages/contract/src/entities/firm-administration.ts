/**
 * Firm administration (docs/decisions/022): the firm's users as its administrator runs them, the
 * firm's profile, and the audit trail every change here is written to.
 */
import { z } from 'zod';
import {
  ADVISOR_ROLES,
  ADVISOR_STATUSES,
  AdvisorRoleSchema,
  AdvisorStatusSchema,
} from '../enums.ts';
import { choice, IdSchema, IsoDateTimeSchema } from '../fields.ts';
import {
  FIELD_REQUIRED,
  FIRM_NAME_REQUIRED,
  INVALID_EMAIL,
  INVALID_PHONE_NUMBER,
  INVALID_VALUE,
} from '../messages.ts';
import { AdvisorFirstNameSchema, AdvisorLastNameSchema } from './advisor.ts';

const EmailSchema = z.email({ error: INVALID_EMAIL }).max(320, { error: INVALID_EMAIL });

/** One user of the firm on the administration screen. */
export const FirmUserSchema = z.object({
  advisor: IdSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.email(),
  role: AdvisorRoleSchema,
  status: AdvisorStatusSchema,
  /** False while an invitation is still unanswered: the person has never signed in. */
  signed_in: z.boolean(),
  /** Portfolios the user is an advisor of, so a departing advisor's are seen before they go. */
  portfolio_count: z.int().min(0),
  created_at: IsoDateTimeSchema,
});
export type FirmUser = z.infer<typeof FirmUserSchema>;

/** POST /firms/{id}/users: a new user, mailed a single-use sign-in link. */
export const FirmUserInvitationSchema = z.object({
  email: EmailSchema,
  first_name: AdvisorFirstNameSchema,
  last_name: AdvisorLastNameSchema,
  role: choice(ADVISOR_ROLES),
});
export type FirmUserInvitation = z.infer<typeof FirmUserInvitationSchema>;

/**
 * PATCH /firms/{id}/users/{advisor_id}: what only an administrator changes (product §6). Absent
 * fields stay as they are.
 */
export const FirmUserChangeSchema = z
  .object({
    role: choice(ADVISOR_ROLES).optional(),
    status: choice(ADVISOR_STATUSES).optional(),
    email: EmailSchema.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: 'Change the role, the status or the e-mail.',
  });
export type FirmUserChange = z.infer<typeof FirmUserChangeSchema>;

/** POST /firms/{id}/users/{advisor_id}/reassign-portfolios. */
export const PortfolioReassignmentSchema = z.object({
  to_advisor: z.guid({ error: FIELD_REQUIRED }),
});
export type PortfolioReassignment = z.infer<typeof PortfolioReassignmentSchema>;

export const PortfolioReassignmentResultSchema = z.object({
  /** How many portfolios changed hands. */
  moved: z.int().min(0),
});
export type PortfolioReassignmentResult = z.infer<typeof PortfolioReassignmentResultSchema>;

/**
 * GET /firms/{id}: the firm as its users see it. Empty support contacts mean the installation's
 * own (`/config.json`) apply.
 */
export const FirmSchema = z.object({
  id: IdSchema,
  name: z.string(),
  support_phone: z.string(),
  support_email: z.string(),
  has_logo: z.boolean(),
});
export type Firm = z.infer<typeof FirmSchema>;

// Digits and the marks people write phone numbers with, e.g. (800)-555-0199 or +1 800 555 0199.
const SUPPORT_PHONE_PATTERN = /^[0-9+()\-. ]{0,32}$/;

/** PUT /firms/{id}: the firm's name and support contacts (ADMINISTRATOR). */
export const FirmUpdateSchema = z.object({
  name: z
    .string({ error: FIRM_NAME_REQUIRED })
    .trim()
    .min(1, { error: FIRM_NAME_REQUIRED })
    .max(200, { error: INVALID_VALUE }),
  support_phone: z
    .string({ error: INVALID_PHONE_NUMBER })
    .trim()
    .regex(SUPPORT_PHONE_PATTERN, { error: INVALID_PHONE_NUMBER }),
  support_email: z.union([z.literal(''), EmailSchema], { error: INVALID_EMAIL }),
});
export type FirmUpdate = z.infer<typeof FirmUpdateSchema>;

/** PUT /firms/{id}/logo (multipart): the image is checked by its content, not its name. */
export const FirmLogoUploadSchema = z.object({ logo: z.file() });
export type FirmLogoUpload = z.infer<typeof FirmLogoUploadSchema>;

/** PATCH /custodians/{id}: how the firm offers a custodian (ADMINISTRATOR). */
export const CustodianChangeSchema = z.object({
  product: z.string({ error: INVALID_VALUE }).trim().max(100, { error: INVALID_VALUE }),
  description: z.string({ error: INVALID_VALUE }).trim().max(500, { error: INVALID_VALUE }),
  status: choice(['A', 'I'] as const),
});
export type CustodianChange = z.infer<typeof CustodianChangeSchema>;

export const AUDIT_EVENT_KINDS = [
  'FIRM_CREATED',
  'USER_INVITED',
  'USER_INVITATION_RESENT',
  'USER_CHANGED',
  'PORTFOLIOS_REASSIGNED',
  'FIRM_CHANGED',
  'LOGO_CHANGED',
  'LOGO_REMOVED',
  'CUSTODIAN_CHANGED',
  'STRATEGY_ADDED',
  'STRATEGY_CHANGED',
  'SIGN_IN_POLICY_CHANGED',
  'RECORDS_EXPORTED',
] as const;
export const AuditEventKindSchema = z.enum(AUDIT_EVENT_KINDS);
export type AuditEventKind = z.infer<typeof AuditEventKindSchema>;

/** A record's fields before or after a change, as plain values. */
const AuditValuesSchema = z.record(z.string(), z.unknown()).nullable();

/** One entry of the firm's audit trail: who changed what, when, from what to what. */
export const AuditEventSchema = z.object({
  id: IdSchema,
  at: IsoDateTimeSchema,
  kind: AuditEventKindSchema,
  /** Who made the change; null for the first-run command run by the installing engineer. */
  actor: z
    .object({ advisor: IdSchema, first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  /** What was changed, in words: a user's e-mail, a custodian's name, the firm. */
  subject: z.string(),
  before: AuditValuesSchema,
  after: AuditValuesSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
