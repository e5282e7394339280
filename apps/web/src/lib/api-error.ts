import type { ValidationErrorItem } from '@ballast/contract';

type ErrorEnvelope = {
  type: string;
  errors: { code: string; detail: string; attr: string | null }[];
};

/** A provider-API call that answered with an error status: its status and product §8 envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly type: string;
  readonly errors: ErrorEnvelope['errors'];

  constructor(status: number, envelope: ErrorEnvelope | null) {
    super(envelope?.errors[0]?.detail ?? `The server answered ${status}.`);
    this.status = status;
    this.type = envelope?.type ?? 'server_error';
    this.errors = envelope?.errors ?? [];
  }

  /** The validation errors keyed by attr (dotted path), for forms to show beside each field. */
  fieldErrors(): ValidationErrorItem[] {
    return this.type === 'validation_error' ? (this.errors as ValidationErrorItem[]) : [];
  }
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (!body || typeof body !== 'object') return false;
  const { type, errors } = body as { type?: unknown; errors?: unknown };
  return typeof type === 'string' && Array.isArray(errors);
}

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/** The one place any failure becomes the sentence a person reads. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return 'The server could not complete the request. Please try again.';
    return error.errors.map((item) => item.detail).join(' ') || GENERIC_MESSAGE;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Please try again.';
  return GENERIC_MESSAGE;
}
