import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api-error.ts';

/**
 * Puts each of the api's validation messages (product §8) beside the form field its attr names,
 * and anything else (a refusal, a message about the whole request) on the form's root, shown
 * above its buttons. These forms send their values as the body, so an attr is a field's name.
 */
export function showServerErrors<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  error: unknown,
  fields: readonly FieldPath<Values>[],
): void {
  const general: string[] = [];
  const items = error instanceof ApiError ? error.fieldErrors() : [];
  for (const item of items) {
    const field = fields.find((name) => name === item.attr);
    if (field === undefined) general.push(item.detail);
    else form.setError(field, { type: 'server', message: item.detail });
  }
  if (items.length === 0) general.push(errorMessage(error));
  if (general.length > 0)
    form.setError('root.server', { type: 'server', message: general.join(' ') });
}
