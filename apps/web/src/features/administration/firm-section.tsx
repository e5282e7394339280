import {
  type Firm,
  type FirmUpdate,
  FirmUpdateSchema,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  SETTINGS_SUBMITTING,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useFirm, useFirmLogo } from '../../lib/use-current-advisor.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { FormProblem } from './form-problem.tsx';
import { LoadFailure } from './load-failure.tsx';
import { showServerErrors } from './server-errors.ts';
import { logoProblem, useChangeLogo, useUpdateFirm } from './use-firm-profile.ts';

const PROFILE_FIELDS = ['name', 'support_phone', 'support_email'] as const;

function ProfileForm({ firm }: { firm: Firm }) {
  const update = useUpdateFirm(firm.id);
  const form = useForm<FirmUpdate>({
    resolver: zodResolver(FirmUpdateSchema),
    defaultValues: {
      name: firm.name,
      support_phone: firm.support_phone,
      support_email: firm.support_email,
    },
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      (saved) => {
        form.reset({
          name: saved.name,
          support_phone: saved.support_phone,
          support_email: saved.support_email,
        });
        notify({ text: 'The firm’s profile is saved.', theme: 'success' });
      },
      (error: unknown) => showServerErrors(form, error, PROFILE_FIELDS),
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="Firm name" error={errors.name?.message}>
        {(control) => <input {...control} className={inputClass} {...form.register('name')} />}
      </Field>
      <p className="text-sm text-slate-700">
        The support contacts are shown in everyone’s Support window. Left empty, the installation’s
        own contacts are shown instead.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Support phone" error={errors.support_phone?.message}>
          {(control) => (
            <input
              {...control}
              type="tel"
              autoComplete="off"
              className={inputClass}
              {...form.register('support_phone')}
            />
          )}
        </Field>
        <Field label="Support e-mail" error={errors.support_email?.message}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              className={inputClass}
              {...form.register('support_email')}
            />
          )}
        </Field>
      </div>
      <FormProblem message={errors.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={!isDirty || update.isPending}>
          {update.isPending ? SETTINGS_SUBMITTING : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

function LogoPicture({ src, label }: { src: string | null; label: string }) {
  return (
    <figure className="flex flex-col items-center gap-2">
      {/* Navy, as behind the header, so the administrator sees the logo where it will sit. */}
      <div className="flex h-20 w-48 items-center justify-center rounded-md bg-navy-700 p-3">
        {src ? (
          <img src={src} alt={label} className="max-h-14 max-w-full object-contain" />
        ) : (
          <span className="text-sm text-navy-100">No logo</span>
        )}
      </div>
      <figcaption className="text-xs text-slate-700">{label}</figcaption>
    </figure>
  );
}

function LogoEditor({ firm }: { firm: Firm }) {
  const logo = useFirmLogo(firm.id);
  const current = useObjectUrl(logo.data);
  const change = useChangeLogo(firm.id);
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = useObjectUrl(chosen);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemId = `${inputId}-problem`;

  const forget = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };
  const send = (file: File | null) =>
    change.mutate(file, {
      onSuccess: () => {
        notify({
          text: file ? 'The new logo is in place.' : 'The logo is removed.',
          theme: 'success',
        });
        forget();
        setProblem(null);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-6">
        <LogoPicture src={firm.has_logo ? current : null} label="Current logo" />
        {preview && <LogoPicture src={preview} label="New logo, not yet saved" />}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Choose a logo
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={LOGO_CONTENT_TYPES.join(',')}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem !== null}
          className="text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const found = file ? logoProblem(file) : null;
            setProblem(found);
            setChosen(file && !found ? file : null);
          }}
        />
        <p id={hintId} className="text-xs text-slate-600">
          PNG, JPEG or SVG, at most {LOGO_MAX_BYTES / 1024} kB. It shows in the header for everyone
          at the firm.
        </p>
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {firm.has_logo && (
          <Button variant="secondary" disabled={change.isPending} onClick={() => send(null)}>
            Remove logo
          </Button>
        )}
        {chosen && (
          <Button variant="secondary" disabled={change.isPending} onClick={forget}>
            Cancel
          </Button>
        )}
        <Button disabled={!chosen || change.isPending} onClick={() => send(chosen)}>
          {change.isPending ? SETTINGS_SUBMITTING : 'Upload logo'}
        </Button>
      </div>
    </div>
  );
}

/** The firm's name, support contacts and logo. */
export function FirmSection({ firmId }: { firmId: string }) {
  const firm = useFirm(firmId);
  return (
    <section aria-labelledby="firm-heading" className="space-y-4">
      <h2 id="firm-heading" className="text-xl font-bold text-navy-800">
        Firm
      </h2>
      {firm.isPending && <LoadingBlock label="Loading the firm" rows={3} />}
      {firm.isError && (
        <LoadFailure what="The firm" error={firm.error} onRetry={() => void firm.refetch()} />
      )}
      {firm.data && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <SectionCard title="Profile">
            <ProfileForm firm={firm.data} />
          </SectionCard>
          <SectionCard title="Logo">
            <LogoEditor firm={firm.data} />
          </SectionCard>
        </div>
      )}
    </section>
  );
}
