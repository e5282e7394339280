/**
 * Every user-facing message of the product, verbatim, so forms, the api and tests share one copy.
 * Spec wording lives in product §5 (validation), product §2 (support modal, settings modal) and
 * product §8 (toasts). Messages the product rules leave unwritten (marked "ours") follow the tone
 * of the ones it gives.
 */
import {
  DURATION_RANGES,
  KYC_DESCRIPTION_MAX_LENGTH,
  LIQUIDITY_MAX,
  LIQUIDITY_MIN,
  LOGO_MAX_BYTES,
  MAX_ALLOCATION_MIN_SUM,
  MINIMUM_INITIAL_INVESTMENT,
  SESSION_POLICY_MINUTES_MIN,
  STATE_MAX_LENGTH,
  TAX_EXEMPT_RESIDENCY,
  TAX_YEAR_MAX,
  TAX_YEAR_MIN,
  ZIP_CODE_MAX_LENGTH,
} from './constants.ts';

// Product §5 owner form
export const SELECT_ROLE = 'Please select a role.';
export const FIELD_REQUIRED = 'This field is required.';
export const INVALID_VALUE = 'Please enter a valid value.';
export const INVALID_DATE = 'Please enter a valid date.';
export const INVALID_EMAIL = 'Please enter a valid email address.';

// Product §5 custodian account number
export const ACCOUNT_NUMBER_EMPTY = 'Account number cannot be empty.';
export const FIDELITY_ACCOUNT_NUMBER_FORMAT =
  'A Fidelity Custodial Account number must be in the form of AAA-AAAAAA using letters and/or numbers.';
export const SCHWAB_ACCOUNT_NUMBER_FORMAT =
  'A Schwab Custodial Account number must be in the form of AAAA-AAAA using letters and/or numbers.';

// Product §5 bond strategy
export const MAX_ALLOCATION_SUM_TOO_SMALL = `The sum of the maximum allocations must be at least ${MAX_ALLOCATION_MIN_SUM}`;
export const SELECT_AT_LEAST_ONE_ASSET_CLASS = 'At least one asset class must be selected';

// Product §5 settings form
export const FIRST_NAME_REQUIRED = 'First Name Is A Required Field';
export const LAST_NAME_REQUIRED = 'Last Name Is A Required Field';
export const INVALID_PHONE_NUMBER = 'Please Enter A Valid Phone Number';

// Product §2 and product §8 settings modal, support modal
export const SETTINGS_SUBMITTING = 'Submitting...';
export const ADVISOR_UPDATED = 'Advisor Updated Successfully';
export const ADVISOR_UPDATE_FAILED = 'Error Updating Advisor';
export const CUSTODIANS_LOAD_FAILED = 'Error loading custodians';
export const NO_CUSTODIANS = 'No custodians available';

// Ours: limits the product states without a message. Length messages use the wording of the
// error codes of product §8 (max_string_length), which the api reports for the same fields.
export const STATE_TOO_LONG = `Ensure this field has no more than ${STATE_MAX_LENGTH} characters.`;
export const ZIP_CODE_TOO_LONG = `Ensure this field has no more than ${ZIP_CODE_MAX_LENGTH} characters.`;
export const KYC_DESCRIPTION_TOO_LONG = `Ensure this field has no more than ${KYC_DESCRIPTION_MAX_LENGTH} characters.`;
export const SELECT_VALID_OPTION = 'Please select a valid option.';
export const AT_LEAST_ONE_OWNER = 'At least one owner is required.';
export const PAYLOAD_MUST_BE_EMPTY = 'This action takes no payload fields.';
export const AT_LEAST_ONE_CUSTODIAN = 'At least one custodian is required.';
export const PERCENT_OUT_OF_RANGE = 'Please enter a percentage between 0 and 100.';
export const LIQUIDITY_OUT_OF_RANGE = `Please enter a value between ${LIQUIDITY_MIN} and ${LIQUIDITY_MAX}.`;
export const MINIMUM_ABOVE_MAXIMUM = 'The minimum must not be greater than the maximum.';
export const DURATION_OUT_OF_RANGE = {
  Short: `A Short duration must be between ${DURATION_RANGES.Short.min} and ${DURATION_RANGES.Short.max}.`,
  Intermediate: `An Intermediate duration must be between ${DURATION_RANGES.Intermediate.min} and ${DURATION_RANGES.Intermediate.max}.`,
  Long: `A Long duration must be between ${DURATION_RANGES.Long.min} and ${DURATION_RANGES.Long.max}.`,
} as const;
export const INVALID_TAX_RATE = 'Please select a tax rate of 0, 12, 24, 32, 35 or 37.';
export const INITIAL_INVESTMENT_TOO_SMALL = `The initial investment must be at least ${MINIMUM_INITIAL_INVESTMENT.toLocaleString('en-US')}.`;
export const TAX_EXEMPT_RATE_NOT_ZERO = 'A tax-exempt account must have a tax rate of 0.';
export const TAX_EXEMPT_RESIDENCY_REQUIRED = `A tax-exempt account must have a tax residency of "${TAX_EXEMPT_RESIDENCY}".`;
export const TAX_EXEMPT_FLAG_SET = 'A tax-exempt account cannot be subject to this tax.';
export const AMOUNT_NOT_POSITIVE = 'The amount must be greater than zero.';
export const AMOUNT_NOT_IN_CENTS = 'The amount must be in whole cents.';
export const EXACTLY_ONE_TIME_WINDOW = 'Exactly one time window is required.';
export const TIME_WINDOW_NOT_TODAY = "The only time window available is 'today'.";

// Ours: the detail of a 404 for a path or record that does not exist (product §8 not_found).
export const NOT_FOUND_DETAIL = 'Not found.';

// Ours: the one detail a 500 gives away (product §8 server_error).
export const SERVER_ERROR_DETAIL = 'A server error occurred.';

// Firm administration (ours)
export const EMAIL_IN_USE = 'This e-mail address already belongs to a Ballast user.';
export const LAST_ADMINISTRATOR =
  'A firm must keep at least one active administrator. Make another user an administrator first.';
export const ADVISOR_INACTIVE =
  "This account is inactive. Ask your firm's administrator to restore it.";
export const REASSIGN_TO_SELF = 'Choose another advisor to take these portfolios.';
export const REASSIGN_TO_INACTIVE = 'Portfolios can go only to an active advisor.';
export const REASSIGN_TO_UNKNOWN = 'Choose an advisor of your firm.';
export const LOGO_TYPE = 'The logo must be a PNG, JPEG or SVG image.';
export const LOGO_TOO_LARGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024} kB.`;
/** A body sent as multipart/form-data that is not a whole form (no boundary, a part cut short). */
export const LOGO_WHOLE_FORM = 'Send the logo as a whole multipart/form-data form.';
export const KYC_WHOLE_FORM = 'Send the document as a whole multipart/form-data form.';
export const FIRM_NAME_REQUIRED = 'The firm needs a name.';
export const custodianNotOffered = (name: string) => `${name} is not offered for new accounts.`;

// Strategy catalogue (ours)
export const STRATEGY_NAME_REQUIRED = 'Give the strategy a name.';
export const STRATEGY_NAME_TAKEN = 'The catalogue already has a strategy with this name.';
export const DEFAULT_STRATEGY_MUST_BE_ACTIVE =
  'Only an active strategy can be the default for its style.';

// Sign-in policy (ours)
export const SIGN_IN_METHOD_REQUIRED = 'Offer at least one way to sign in.';
export const SESSION_MINUTES_TOO_SHORT = `A sign-in must last at least ${SESSION_POLICY_MINUTES_MIN} minutes.`;
export function sessionMinutesTooLong(max: number): string {
  return `A sign-in can last at most ${max} minutes on this installation.`;
}
export function signInMethodUnavailable(method: string): string {
  return `This installation is not configured for ${method} sign-in.`;
}
export const SIGN_IN_METHOD_NOT_OFFERED = 'Your firm does not offer this way of signing in.';
export const SECOND_FACTOR_REQUIRED =
  'Your firm asks for an authenticator code from your role. Set up an authenticator to continue.';

// Exports (ours)
export const DATE_RANGE_REVERSED = 'The start date must be on or before the end date.';
export const TAX_YEAR_OUT_OF_RANGE = `Please enter a year from ${TAX_YEAR_MIN} to ${TAX_YEAR_MAX}.`;
