import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, FormError } from '../form-parts.tsx';

/** The first step of the e-mailed sign-ins: which address to send the link or code to. */
export function EmailRequestForm(props: {
  label: string;
  intro: string;
  submitLabel: string;
  isPending: boolean;
  error: string | null;
  onSend(email: string): void;
}) {
  const [email, setEmail] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSend(email.trim());
  }

  return (
    <form className="space-y-4" onSubmit={submit} aria-label={props.label}>
      <p className="text-sm text-slate-700">{props.intro}</p>
      <EmailField value={email} onChange={setEmail} />
      <FormError message={props.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={props.isPending}>
          {props.isPending ? 'Sending…' : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
