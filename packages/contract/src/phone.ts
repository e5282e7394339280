/**
 * Product §5 phone numbers: kept as bare digits on the wire and in form state, shown as
 * (xxx)-xxx-xxxx. The transforms live here, as plain functions for inputs, and not inside any wire
 * schema.
 */
import { z } from 'zod';
import { PHONE_DIGITS } from './constants.ts';
import { INVALID_PHONE_NUMBER } from './messages.ts';

const PHONE_PATTERN = new RegExp(`^(\\d{${PHONE_DIGITS}})?$`);

/** Empty, or exactly ten digits. */
export const PhoneNumberSchema = z
  .string({ error: INVALID_PHONE_NUMBER })
  .regex(PHONE_PATTERN, { error: INVALID_PHONE_NUMBER });
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;

export function isValidPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** What a phone input keeps of what was typed: its digits, at most ten of them. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

/** Shows digits as (xxx)-xxx-xxxx, growing as they are typed: (555, (555)-12, (555)-123-4. */
export function formatPhone(digits: string): string {
  const clean = phoneDigits(digits);
  if (clean.length === 0) return '';
  const area = clean.slice(0, 3);
  const exchange = clean.slice(3, 6);
  const line = clean.slice(6);
  if (exchange.length === 0) return `(${area}`;
  if (line.length === 0) return `(${area})-${exchange}`;
  return `(${area})-${exchange}-${line}`;
}
