import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { PlacedError } from './open-errors.ts';

/**
 * What every form step does around its form: each change is handed up as the advisor types (to
 * be kept and saved), and the errors of opening the account are shown at the fields they name.
 * `onValues` should keep its identity between renders, or the form is watched anew each time.
 */
export function useStepForm<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  errors: readonly PlacedError[] | undefined,
  onValues: (values: Values) => void,
): void {
  useEffect(() => {
    const subscription = form.watch(() => onValues(structuredClone(form.getValues())));
    return () => subscription.unsubscribe();
  }, [form, onValues]);

  useEffect(() => {
    for (const error of errors ?? []) {
      if (error.field) {
        form.setError(error.field as FieldPath<Values>, { type: 'server', message: error.detail });
      }
    }
  }, [form, errors]);
}
