/** E.164 allows at most 15 digits, country code included; no country's numbers are shorter than 8. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * A phone number as typed by a person, in the E.164 form the identity service keys numbers by:
 * `+` and digits only. Advisors are in the United States, so ten digits (or eleven starting with
 * 1) are a North American number; anything else must start with `+` or `00` and its country
 * code. Returns null when the input cannot be a phone number.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  // Spaces, dashes, dots, slashes and parentheses are how people group digits; nothing else is.
  if (!/^\+?[\d\s().\-/]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let candidate: string;
  if (trimmed.startsWith('+')) candidate = `+${digits}`;
  else if (digits.startsWith('00')) candidate = `+${digits.slice(2)}`;
  else if (digits.length === 10) candidate = `+1${digits}`;
  else if (digits.length === 11 && digits.startsWith('1')) candidate = `+${digits}`;
  else return null;
  return E164.test(candidate) ? candidate : null;
}

/** What a person is told when `toE164` cannot read their number. */
export const PHONE_NUMBER_INVALID =
  'Enter a mobile number with its area code, such as (555) 555-0123, or an international number starting with +.';
