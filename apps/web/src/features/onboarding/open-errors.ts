/**
 * Where each validation item of POST /open belongs (product §8: `attr` is a dotted path such as
 * `client_data.owners.0.taxid` or `custodians.0.account_number`): the step that holds the field,
 * and the field's path in that step's form. Items about no field stay on the review step.
 */
import type { ValidationErrorItem } from '@ballast/contract';
import type { StepId } from './onboarding-steps.ts';

export type PlacedError = { step: StepId; field: string | null; detail: string; attr: string };

const SECTION_STEPS: [prefix: string, step: StepId][] = [
  ['client_data.account_type', 'account-type'],
  ['client_data', 'owners'],
  ['client_suitability_data', 'suitability'],
  ['kyc_input_data', 'documents'],
  ['strategy', 'strategy'],
  ['advisor_input_data', 'advisors'],
];

/** The field path inside a step's form: the attr without its section, or null for the section. */
function fieldWithin(attr: string, prefix: string): string | null {
  return attr.length > prefix.length ? attr.slice(prefix.length + 1) : null;
}

export function placeOpenError(item: ValidationErrorItem): PlacedError {
  const { attr, detail } = item;
  if (attr === null) return { step: 'review', field: null, detail, attr: '' };
  if (attr === 'custodians' || attr.startsWith('custodians.')) {
    // The custodian step edits the first account; its form's fields are the account's own.
    const inAccount = attr.split('.').slice(2).join('.');
    return { step: 'custodian', field: inAccount || null, detail, attr };
  }
  if (attr === 'client_data.account_type') {
    return { step: 'account-type', field: 'account_type', detail, attr };
  }
  if (attr === 'client_data' || attr.startsWith('client_data.')) {
    // The owners step's form holds the whole client data, so its paths are the attr's own.
    return { step: 'owners', field: fieldWithin(attr, 'client_data'), detail, attr };
  }
  for (const [prefix, step] of SECTION_STEPS) {
    if (attr === prefix || attr.startsWith(`${prefix}.`)) {
      return { step, field: fieldWithin(attr, prefix), detail, attr };
    }
  }
  return { step: 'review', field: null, detail, attr };
}

/** The items placed on one step. */
export function errorsOfStep(errors: readonly PlacedError[], step: StepId): PlacedError[] {
  return errors.filter((error) => error.step === step);
}
