/**
 * Where the api's validation items (product §8: attr as a dotted path such as
 * `action_payload.owners.0.first_name`) belong in a request form.
 */
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-error.ts';

/** The form's own field for the advisor's answer to a needs-action request. */
const ANSWER_FIELD = 'answer';

/**
 * The form field an attr names, or undefined when the item is about the request as a whole.
 * `payloadPath` turns a path inside the payload into the form's path, for forms whose values
 * wrap the payload (the custodian list lives under `custodians`).
 */
export function formFieldOf(
  attr: string | null,
  payloadPath: (path: string) => string = (path) => path,
): string | undefined {
  if (attr === null) return undefined;
  if (attr === 'needs_action_payload' || attr.startsWith('needs_action_payload.')) {
    return ANSWER_FIELD;
  }
  const prefix = 'action_payload.';
  return attr.startsWith(prefix) ? payloadPath(attr.slice(prefix.length)) : undefined;
}

/**
 * Puts each validation message of a failed request beside its field, and the ones about the
 * whole request on the form's root, where the form shows them above its buttons.
 */
export function showServerErrors<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  error: unknown,
  payloadPath?: (path: string) => string,
): void {
  if (!(error instanceof ApiError)) return;
  const general: string[] = [];
  for (const item of error.fieldErrors()) {
    const field = formFieldOf(item.attr, payloadPath);
    if (field === undefined) general.push(item.detail);
    else form.setError(field as FieldPath<Values>, { type: 'server', message: item.detail });
  }
  if (general.length > 0) {
    form.setError('root.server', { type: 'server', message: general.join(' ') });
  }
}
