/**
 * Field builders shared by the entity schemas, so that every form and the api attach the same
 * messages to the same kind of field.
 */
import { z } from 'zod';
import { PERCENT_MAX, PERCENT_MIN } from './constants.ts';
import {
  AMOUNT_NOT_IN_CENTS,
  AMOUNT_NOT_POSITIVE,
  FIELD_REQUIRED,
  INVALID_VALUE,
  PERCENT_OUT_OF_RANGE,
  SELECT_VALID_OPTION,
} from './messages.ts';

/**
 * An error map that reports an absent value with the product's "required" message and any other
 * failure with `message`. Null counts as absent because cleared form inputs send null.
 */
export function requiredOr(message: string): (issue: { input?: unknown }) => string {
  return (issue) => (issue.input === undefined || issue.input === null ? FIELD_REQUIRED : message);
}

/** Postgres accepts any 8-4-4-4-12 hex id, so the contract does too (z.uuid() would not). */
export const IdSchema = z.guid();
export const IsoDateSchema = z.iso.date();
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export const UrlSchema = z.url();

/** A text field that must hold something other than blanks. */
export function requiredText() {
  return z
    .string({ error: requiredOr(INVALID_VALUE) })
    .trim()
    .min(1, { error: FIELD_REQUIRED });
}

export function optionalText() {
  return z.string({ error: INVALID_VALUE }).optional();
}

/** One of a closed set; absent values read "required", unknown ones `message`. */
export function choice<const T extends readonly string[]>(
  values: T,
  message = SELECT_VALID_OPTION,
) {
  return z.enum(values, { error: requiredOr(message) });
}

export function requiredBoolean() {
  return z.boolean({ error: requiredOr(INVALID_VALUE) });
}

export function percent() {
  return z
    .number({ error: requiredOr(INVALID_VALUE) })
    .min(PERCENT_MIN, { error: PERCENT_OUT_OF_RANGE })
    .max(PERCENT_MAX, { error: PERCENT_OUT_OF_RANGE });
}

/**
 * A cash amount a person moves: more than zero and in whole cents (docs/architecture.md "Money").
 */
export function cashAmount() {
  return z
    .number({ error: requiredOr(INVALID_VALUE) })
    .positive({ error: AMOUNT_NOT_POSITIVE })
    .multipleOf(0.01, { error: AMOUNT_NOT_IN_CENTS });
}

/**
 * Error map for a discriminated union: a missing tag reads "required", an unknown one
 * `message`, and anything that is not an object "Please enter a valid value.".
 */
export function discriminatorError(
  key: string,
  message = SELECT_VALID_OPTION,
): (issue: { input?: unknown }) => string {
  return ({ input }) => {
    if (input === undefined || input === null) return FIELD_REQUIRED;
    if (typeof input !== 'object') return INVALID_VALUE;
    const tag: unknown = Reflect.get(input, key);
    return tag === undefined || tag === null ? FIELD_REQUIRED : message;
  };
}
