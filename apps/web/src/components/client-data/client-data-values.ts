import {
  type ClientData,
  type ClientDataInput,
  type ClientDataInputSchema,
  isEmploymentEmpty,
  type Owner,
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

/** The form's starting values: the current client data, every input given a value to show. */
export function clientDataDefaults(current: ClientDataInput | ClientData | null): ClientDataDraft {
  if (!current) return { account_type: 'I', owners: [blankOwner()] };
  return {
    account_type: current.account_type,
    owners: current.owners.map((owner) => ({
      ...owner,
      employment: owner.employment ? { ...owner.employment } : { ...BLANK_EMPLOYMENT },
    })),
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
