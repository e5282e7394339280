import {
  type ClientData,
  type ClientDataInput,
  type ClientDataInputSchema,
  isEmploymentEmpty,
  type Owner,
  type ClientDataDraft as SavedClientDataDraft,
} from '@ballast/contract';
import type { z } from 'zod';

/** What the form holds: the client data as typed, before the schema has checked it. */
export type ClientDataDraft = z.input<typeof ClientDataInputSchema>;
type OwnerDraft = ClientDataDraft['owners'][number];

export const OWNER_ROLE_LABELS: Record<Owner['role'], string> = {
  PRIMARY_OWNER: 'Primary owner',
  JOINT_OWNER: 'Joint owner',
  EXECUTOR: 'Executor',
  TREASURER: 'Treasurer',
  INTERNAL_POWER_OF_ATTY: 'Power of attorney',
};

const BLANK_EMPLOYMENT = {
  employer_name: '',
  employer_address: '',
  position: '',
  years_employed: null,
};

const blankAddress = () => ({ address: '', city: '', state: '', zip_code: '' });

/** A new owner's empty fields; the schema says which of them must be filled. */
export function blankOwner(): OwnerDraft {
  // Role and tax-id type start unchosen so the advisor picks them; the draft type has no
  // "unchosen" value for a closed set, hence the cast of this one empty object.
  return {
    role: '',
    first_name: '',
    last_name: '',
    personal_address: blankAddress(),
    mailing_address: blankAddress(),
    taxid_type: 'SSN',
    taxid: '',
    DOB: '',
    marital_status: '',
    citizenship_country: '',
    email: '',
    home_phone: '',
    employment: { ...BLANK_EMPLOYMENT },
  } as unknown as OwnerDraft;
}

/**
 * The form's starting values: the current client data, or a draft saved as far as it was typed
 * (decision 021), every input given a value to show, a blank one where the draft has none.
 */
export function clientDataDefaults(
  current: SavedClientDataDraft | ClientData | null,
): ClientDataDraft {
  if (!current) return { account_type: 'I', owners: [blankOwner()] };
  return {
    // A draft saved before a type was chosen starts on the one a new application starts on.
    account_type: current.account_type ?? 'I',
    owners: current.owners.map((owner) => {
      const blank = blankOwner();
      // The form's type is the strict schema's input, which a draft's missing agreement fields
      // cannot show (as with the blank owner's unchosen role); the owner form reports them.
      return {
        ...blank,
        ...owner,
        personal_address: { ...blank.personal_address, ...owner.personal_address },
        mailing_address: { ...blank.mailing_address, ...owner.mailing_address },
        employment: { ...BLANK_EMPLOYMENT, ...owner.employment },
      } as OwnerDraft;
    }),
  };
}

const OPTIONAL_TEXT = ['title', 'middle_initial', 'suffix', 'business_phone'] as const;

/**
 * The payload to send: optional text left blank is left out, and an employment whose fields
 * are all empty is no employment (product §5), so the record says "none" rather than four blanks.
 */
export function toClientDataPayload(values: ClientDataInput): ClientDataInput {
  return {
    account_type: values.account_type,
    owners: values.owners.map((owner): Owner => {
      const cleaned: Owner = {
        ...owner,
        employment: isEmploymentEmpty(owner.employment) ? null : owner.employment,
      };
      for (const field of OPTIONAL_TEXT) {
        if (!cleaned[field]?.trim()) delete cleaned[field];
      }
      return cleaned;
    }),
  };
}
