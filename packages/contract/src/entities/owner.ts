/**
 * Product §3 Owner and the product §5 owner-form rules; the web form and the api validate with
 * these.
 */
import { z } from 'zod';
import { MIN_DATE_OF_BIRTH, STATE_MAX_LENGTH, ZIP_CODE_MAX_LENGTH } from '../constants.ts';
import { todayIsoDate } from '../dates.ts';
import { OWNER_ROLES, TAXID_TYPES } from '../enums.ts';
import { choice, IsoDateSchema, optionalText, requiredOr, requiredText } from '../fields.ts';
import {
  FIELD_REQUIRED,
  INVALID_DATE,
  INVALID_EMAIL,
  INVALID_VALUE,
  SELECT_ROLE,
  STATE_TOO_LONG,
  ZIP_CODE_TOO_LONG,
} from '../messages.ts';

export const AddressSchema = z.object(
  {
    address: requiredText(),
    city: requiredText(),
    state: requiredText().max(STATE_MAX_LENGTH, { error: STATE_TOO_LONG }),
    zip_code: requiredText().max(ZIP_CODE_MAX_LENGTH, { error: ZIP_CODE_TOO_LONG }),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type Address = z.infer<typeof AddressSchema>;

/** Between 1900-01-01 and today inclusive; "today" is read when a value is checked. */
export const DateOfBirthSchema = z.iso
  .date({ error: INVALID_DATE, abort: true })
  .refine((date) => date >= MIN_DATE_OF_BIRTH && date <= todayIsoDate(), { error: INVALID_DATE });

const employmentText = () => z.string({ error: INVALID_VALUE }).trim().nullish();

const EMPLOYMENT_FIELDS = [
  'employer_name',
  'employer_address',
  'position',
  'years_employed',
] as const;

type EmploymentDraft = {
  [Field in (typeof EMPLOYMENT_FIELDS)[number]]?: string | number | null | undefined;
};

function isBlank(value: string | number | null | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/** Product §5: an employment object whose fields are all empty counts as no employment. */
export function isEmploymentEmpty(employment: EmploymentDraft | null | undefined): boolean {
  return employment == null || EMPLOYMENT_FIELDS.every((field) => isBlank(employment[field]));
}

/**
 * Optional as a whole, complete when given. The fields are nullable so a half-filled form can be
 * parsed and told which ones are missing; the api stores an empty one as none.
 */
export const EmploymentSchema = z
  .object(
    {
      employer_name: employmentText(),
      employer_address: employmentText(),
      position: employmentText(),
      years_employed: z.int({ error: INVALID_VALUE }).min(0, { error: INVALID_VALUE }).nullish(),
    },
    { error: INVALID_VALUE },
  )
  .superRefine((employment, ctx) => {
    if (isEmploymentEmpty(employment)) return;
    for (const field of EMPLOYMENT_FIELDS) {
      if (isBlank(employment[field])) {
        ctx.addIssue({
          code: 'custom',
          message: FIELD_REQUIRED,
          path: [field],
          params: { code: 'required' },
        });
      }
    }
  });
export type Employment = z.infer<typeof EmploymentSchema>;

const names = () =>
  z
    .array(z.string({ error: INVALID_VALUE }).trim().min(1, { error: FIELD_REQUIRED }), {
      error: INVALID_VALUE,
    })
    .optional();

/** Each disclosure lists the names it concerns; an absent or empty list means none. */
export const DisclosuresSchema = z.object(
  {
    ofac_sanctioned: names(),
    politically_exposed: names(),
    politically_exposed_immediate_family_names: names(),
    politically_exposed_organizations: names(),
    control_person_company_symbols: names(),
    finra_associated_entities: names(),
  },
  { error: INVALID_VALUE },
);
export type Disclosures = z.infer<typeof DisclosuresSchema>;

export const AgreementSchema = z.object({
  text: z.string(),
  version: z.string(),
  e_signed_date: IsoDateSchema,
  name: z.string(),
});
export type Agreement = z.infer<typeof AgreementSchema>;

export const OwnerSchema = z.object(
  {
    role: z.enum(OWNER_ROLES, { error: SELECT_ROLE }),
    title: optionalText(),
    first_name: requiredText(),
    middle_initial: optionalText(),
    last_name: requiredText(),
    suffix: optionalText(),
    personal_address: AddressSchema,
    mailing_address: AddressSchema,
    taxid_type: choice(TAXID_TYPES, INVALID_VALUE),
    taxid: requiredText(),
    DOB: DateOfBirthSchema,
    marital_status: requiredText(),
    citizenship_country: requiredText(),
    email: z.email({ error: INVALID_EMAIL }),
    home_phone: requiredText(),
    business_phone: optionalText(),
    employment: EmploymentSchema.nullish(),
    disclosures: DisclosuresSchema.optional(),
    agreements: z.array(AgreementSchema).optional(),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type Owner = z.infer<typeof OwnerSchema>;

/**
 * Drafts (decision 021): an owner as far as the advisor has typed it. Every field may be absent
 * and nothing is required, nor are e-mail formats or date ranges checked; what is given must still
 * be of its type, an enum's value valid and a text within the length the owner form allows.
 * `POST /open` checks the saved draft with the strict schemas above.
 */
const draftText = () => z.string({ error: INVALID_VALUE }).optional();

export const AddressDraftSchema = z.object(
  {
    address: draftText(),
    city: draftText(),
    state: z
      .string({ error: INVALID_VALUE })
      .max(STATE_MAX_LENGTH, { error: STATE_TOO_LONG })
      .optional(),
    zip_code: z
      .string({ error: INVALID_VALUE })
      .max(ZIP_CODE_MAX_LENGTH, { error: ZIP_CODE_TOO_LONG })
      .optional(),
  },
  { error: INVALID_VALUE },
);
export type AddressDraft = z.infer<typeof AddressDraftSchema>;

export const EmploymentDraftSchema = z.object(
  {
    employer_name: employmentText(),
    employer_address: employmentText(),
    position: employmentText(),
    years_employed: z.int({ error: INVALID_VALUE }).min(0, { error: INVALID_VALUE }).nullish(),
  },
  { error: INVALID_VALUE },
);

const draftNames = () =>
  z.array(z.string({ error: INVALID_VALUE }), { error: INVALID_VALUE }).optional();

export const DisclosuresDraftSchema = z.object(
  {
    ofac_sanctioned: draftNames(),
    politically_exposed: draftNames(),
    politically_exposed_immediate_family_names: draftNames(),
    politically_exposed_organizations: draftNames(),
    control_person_company_symbols: draftNames(),
    finra_associated_entities: draftNames(),
  },
  { error: INVALID_VALUE },
);

export const AgreementDraftSchema = z.object(
  {
    text: draftText(),
    version: draftText(),
    e_signed_date: draftText(),
    name: draftText(),
  },
  { error: INVALID_VALUE },
);

export const OwnerDraftSchema = z.object(
  {
    role: z.enum(OWNER_ROLES, { error: SELECT_ROLE }).optional(),
    title: draftText(),
    first_name: draftText(),
    middle_initial: draftText(),
    last_name: draftText(),
    suffix: draftText(),
    personal_address: AddressDraftSchema.optional(),
    mailing_address: AddressDraftSchema.optional(),
    taxid_type: z.enum(TAXID_TYPES, { error: INVALID_VALUE }).optional(),
    taxid: draftText(),
    DOB: draftText(),
    marital_status: draftText(),
    citizenship_country: draftText(),
    email: draftText(),
    home_phone: draftText(),
    business_phone: draftText(),
    employment: EmploymentDraftSchema.nullish(),
    disclosures: DisclosuresDraftSchema.optional(),
    agreements: z.array(AgreementDraftSchema, { error: INVALID_VALUE }).optional(),
  },
  { error: INVALID_VALUE },
);
export type OwnerDraft = z.infer<typeof OwnerDraftSchema>;
