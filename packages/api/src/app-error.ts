import { CLIENT_ERROR_STATUS, type ClientErrorCode } from '@ballast/contract';

/** The one error services throw for an expected refusal; the error handler turns it into §8. */
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
