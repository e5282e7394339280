import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { FormError } from './form-parts.tsx';
import { useSignInStep } from './use-sign-in-step.ts';

/**
 * A new password typed twice, with any fields the caller needs before it (`children`). A
 * password the identity service finds too weak, or has seen before, fails with the product §8
 * message; `onChanged` says what comes next.
 */
export function PasswordChangeForm(props: {
  label: string;
  submitLabel: string;
  children?: ReactNode;
  change(password: string): Promise<unknown>;
  onChanged(): void;
}) {
  const step = useSignInStep();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) {
      step.setError('The two passwords do not match.');
      return;
    }
    if (await step.run(() => props.change(password))) props.onChanged();
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label={props.label}>
      {props.children}
      <PasswordField
        label="New password"
        hint="Use a long phrase that is hard to guess."
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
      />
      <FormError message={step.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={step.isPending}>
          {step.isPending ? 'Saving…' : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function PasswordField(props: {
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Field label={props.label} {...(props.hint ? { hint: props.hint } : {})}>
      {(control) => (
        <TextInput
          {...control}
          type="password"
          autoComplete={props.autoComplete}
          required
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
