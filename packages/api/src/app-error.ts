import {
  CLIENT_ERROR_STATUS,
  type ClientErrorCode,
  type ValidationErrorCode,
  type ValidationErrorResponse,
} from '@ballast/contract';

/**
 * The one error services throw for an expected refusal; the error handler turns it into the
 * product §8 envelope.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ClientErrorCode;

  constructor(code: ClientErrorCode, detail: string) {
    super(detail);
    this.code = code;
  }

  get status(): number {
    return CLIENT_ERROR_STATUS[this.code];
  }
}

/**
 * A request that failed its schema, with the product §8 items already worked out from what was
 * sent.
 */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly response: ValidationErrorResponse;

  constructor(response: ValidationErrorResponse) {
    super('The request is not valid.');
    this.response = response;
  }
}

/** A 400 about one field of the request: `attr` is its dotted path (product §8). */
export function fieldError(
  attr: string,
  code: ValidationErrorCode,
  detail: string,
): RequestValidationError {
  return new RequestValidationError({ type: 'validation_error', errors: [{ code, detail, attr }] });
}
