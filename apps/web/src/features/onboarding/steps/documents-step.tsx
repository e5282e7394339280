import { KYC_DESCRIPTION_MAX_LENGTH, type KycInput, KycInputSchema } from '@ballast/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import type { PlacedError } from '../open-errors.ts';
import { StepFrame, type StepNavigation } from '../step-frame.tsx';
import { useKycUpload } from '../use-kyc-upload.ts';

const ACCEPTED = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const DescriptionSchema = KycInputSchema.shape.description;

function descriptionError(description: string): string | undefined {
  const verdict = DescriptionSchema.safeParse(description);
  return verdict.success ? undefined : verdict.error.issues[0]?.message;
}

function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="flex items-center gap-2 text-sm text-slate-800">
      <progress
        aria-label="Upload progress"
        max={100}
        value={percent}
        className="h-2 w-48 overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-navy-700"
      />
      <span aria-live="polite">{percent}% sent</span>
    </div>
  );
}

/** A new document: whose it is, what it is, and the file, sent with its progress shown. */
function NewDocument(props: {
  portfolioId: string;
  ownerNames: readonly string[];
  onUploaded(entry: KycInput): void;
}) {
  const { upload, progress } = useKycUpload(props.portfolioId);
  const [owner, setOwner] = useState(props.ownerNames[0] ?? '');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [missing, setMissing] = useState<string | null>(null);
  const descriptionProblem = descriptionError(description);
  const send = () => {
    if (!file) {
      setMissing('Choose a file to upload.');
      return;
    }
    if (descriptionProblem) return;
    setMissing(null);
    upload.mutate(file, {
      onSuccess: (document) => {
        props.onUploaded({ id: document.id, owner_name: owner, description });
        setDescription('');
        setFile(null);
        setFileKey((key) => key + 1);
      },
    });
  };
  return (
    <section
      aria-labelledby="new-document"
      className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4"
    >
      <h3 id="new-document" className="text-base font-semibold text-navy-800">
        Upload a document
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Owner">
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={owner}
              onChange={(event) => setOwner(event.target.value)}
            >
              {props.ownerNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="File (PDF, PNG or JPEG)" error={missing ?? undefined} hint="At most 10 MB.">
          {(control) => (
            <input
              {...control}
              key={fileKey}
              type="file"
              accept={ACCEPTED}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      </div>
      <Field
        label="Description"
        error={descriptionProblem}
        hint={`${description.length} of ${KYC_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={inputClass}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={send} disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </Button>
        {progress !== null && <UploadProgress progress={progress} />}
      </div>
      {upload.isError && (
        <p role="alert" className="text-sm text-red-700">
          The document was not uploaded: {errorMessage(upload.error)}
        </p>
      )}
    </section>
  );
}

/** One uploaded document: its description can still change, and its file be replaced. */
function UploadedDocument(props: {
  portfolioId: string;
  entry: KycInput;
  position: number;
  error: string | undefined;
  onChange(entry: KycInput): void;
  onRemove(): void;
}) {
  const { upload, progress } = useKycUpload(props.portfolioId);
  const replaceId = useId();
  const { entry } = props;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3">
      <p className="text-sm font-medium text-slate-900">
        Document {props.position + 1}, of {entry.owner_name}
      </p>
      <Field
        label={`Description of document ${props.position + 1}`}
        error={descriptionError(entry.description) ?? props.error}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={inputClass}
            value={entry.description}
            onChange={(event) => props.onChange({ ...entry, description: event.target.value })}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={replaceId}
          className="cursor-pointer rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 has-focus-visible:outline-2 has-focus-visible:outline-navy-700"
        >
          Replace the file of document {props.position + 1}
          <input
            id={replaceId}
            type="file"
            accept={ACCEPTED}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) {
                upload.mutate(file, {
                  onSuccess: (document) => props.onChange({ ...entry, id: document.id }),
                });
              }
            }}
          />
        </label>
        <Button variant="ghost" onClick={props.onRemove}>
          Remove document {props.position + 1}
        </Button>
        {progress !== null && <UploadProgress progress={progress} />}
      </div>
      {upload.isError && (
        <p role="alert" className="text-sm text-red-700">
          The file was not replaced: {errorMessage(upload.error)}
        </p>
      )}
    </li>
  );
}

/**
 * The KYC documents: each uploaded at once (POST /kyc-documents) and listed in the application
 * with its owner and description. The server judges the file by its bytes; its refusal is shown
 * in its words.
 */
export function DocumentsStep(props: {
  portfolioId: string;
  value: KycInput[];
  ownerNames: readonly string[];
  onChange(value: KycInput[]): void;
  navigation: StepNavigation;
  errors?: readonly PlacedError[];
}) {
  const { value, onChange } = props;
  const ownerNames = props.ownerNames.length > 0 ? props.ownerNames : ['Client'];
  return (
    <StepFrame
      step="documents"
      navigation={props.navigation}
      errors={props.errors}
      intro="Identity and address documents of the owners, as PDF, PNG or JPEG files."
    >
      {value.length === 0 ? (
        <p className="text-sm text-slate-700">No document uploaded yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Uploaded documents">
          {value.map((entry, position) => (
            <UploadedDocument
              key={entry.id}
              portfolioId={props.portfolioId}
              entry={entry}
              position={position}
              error={
                props.errors?.find((error) => error.field === `${position}.description`)?.detail
              }
              onChange={(changed) =>
                onChange(value.map((current, index) => (index === position ? changed : current)))
              }
              onRemove={() => onChange(value.filter((_, index) => index !== position))}
            />
          ))}
        </ol>
      )}
      <NewDocument
        portfolioId={props.portfolioId}
        ownerNames={ownerNames}
        onUploaded={(entry) => onChange([...value, entry])}
      />
    </StepFrame>
  );
}
