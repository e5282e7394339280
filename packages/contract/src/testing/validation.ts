/** Test helper: the product §8 items a schema reports for a value, or none when it parses. */
import type { z } from 'zod';
import { toValidationErrors, type ValidationErrorItem } from '../errors.ts';

export function validationErrorsOf(schema: z.ZodType, input: unknown): ValidationErrorItem[] {
  const result = schema.safeParse(input);
  return result.success ? [] : toValidationErrors(result.error, { input });
}
