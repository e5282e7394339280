import type { ReactNode } from 'react';
import { Field, TextInput } from '../../components/ui/field.tsx';

/** The failure of the last sign-in step, announced as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
      {children}
    </p>
  );
}

/** The e-mail address a person signs in with, offered by the browser's password manager. */
export function EmailField(props: { value: string; onChange(value: string): void }) {
  return (
    <Field label="E-mail">
      {(control) => (
        <TextInput
          {...control}
          type="email"
          autoComplete="username"
          required
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
