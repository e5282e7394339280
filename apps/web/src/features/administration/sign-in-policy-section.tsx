import {
  ADVISOR_ROLES,
  type FirmSignInPolicy,
  SETTINGS_SUBMITTING,
  type SignInMethodName,
  type SignInPolicy,
  SignInPolicySchema,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { FormProblem } from './form-problem.tsx';
import { LoadFailure } from './load-failure.tsx';
import { showServerErrors } from './server-errors.ts';
import { useReplaceSignInPolicy, useSignInPolicy } from './use-sign-in-policy.ts';
import { ROLE_LABELS } from './user-fields.ts';

const METHOD_LABELS: Record<SignInMethodName, string> = {
  password: 'Password',
  email_link: 'E-mail link',
  email_code: 'E-mail code',
  sms_code: 'Text message',
  passkey: 'Passkey',
  oauth: 'Single sign-on (OAuth)',
  wallet: 'Crypto wallet',
};

const FIELDS = ['methods', 'second_factor_roles', 'session_minutes'] as const;

/** A group of checkboxes named by its legend, its message tied to the group. */
function CheckboxGroup(props: {
  legend: string;
  hint: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ''}`}
      className="flex flex-col gap-2"
    >
      <legend className="text-sm font-medium text-slate-800">{props.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {props.hint}
      </p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">{props.children}</div>
      {props.error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function PolicyForm({ firmId, policy }: { firmId: string; policy: FirmSignInPolicy }) {
  const replace = useReplaceSignInPolicy(firmId);
  const form = useForm<SignInPolicy>({
    resolver: zodResolver(SignInPolicySchema),
    defaultValues: {
      methods: policy.methods,
      second_factor_roles: policy.second_factor_roles,
      session_minutes: policy.session_minutes,
    },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    replace.mutateAsync(values).then(
      (saved) => {
        form.reset({
          methods: saved.methods,
          second_factor_roles: saved.second_factor_roles,
          session_minutes: saved.session_minutes,
        });
        notify({ text: 'The sign-in policy is saved.', theme: 'success' });
      },
      (error: unknown) => showServerErrors(form, error, FIELDS),
    ),
  );
  const checkbox = (name: 'methods' | 'second_factor_roles', value: string, label: string) => (
    <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
      <input type="checkbox" value={value} className="h-4 w-4" {...form.register(name)} />
      {label}
    </label>
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <CheckboxGroup
        legend="Ways to sign in"
        hint="Only the ways this installation is set up for can be offered."
        error={errors.methods?.message}
      >
        {policy.available_methods.map((method) =>
          checkbox('methods', method, METHOD_LABELS[method]),
        )}
      </CheckboxGroup>
      <CheckboxGroup
        legend="Roles that must give an authenticator code"
        hint="Their users set up an authenticator app at their next sign-in, and give its code every time."
        error={errors.second_factor_roles?.message}
      >
        {ADVISOR_ROLES.map((role) => checkbox('second_factor_roles', role, ROLE_LABELS[role]))}
      </CheckboxGroup>
      <Field
        label="Sign-in lasts (minutes)"
        error={errors.session_minutes?.message}
        hint={`At most ${policy.max_session_minutes.toLocaleString('en-US')} minutes on this installation.`}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            max={policy.max_session_minutes}
            className={`${inputClass} w-40`}
            {...form.register('session_minutes', { valueAsNumber: true })}
          />
        )}
      </Field>
      <FormProblem message={errors.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={!isDirty || replace.isPending}>
          {replace.isPending ? SETTINGS_SUBMITTING : 'Save sign-in policy'}
        </Button>
      </div>
    </form>
  );
}

/** How the firm's users sign in: the ways offered, who needs a second factor, for how long. */
export function SignInPolicySection({ firmId }: { firmId: string }) {
  const policy = useSignInPolicy(firmId);
  return (
    <section aria-labelledby="sign-in-heading" className="space-y-4">
      <h2 id="sign-in-heading" className="text-xl font-bold text-navy-800">
        Sign-in policy
      </h2>
      {policy.isPending && <LoadingBlock label="Loading the sign-in policy" rows={3} />}
      {policy.isError && (
        <LoadFailure
          what="The sign-in policy"
          error={policy.error}
          onRetry={() => void policy.refetch()}
        />
      )}
      {policy.data && (
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <PolicyForm firmId={firmId} policy={policy.data} />
        </div>
      )}
    </section>
  );
}
