export const CLIENT_ERROR_STATUS = {
  permission_denied: 403,
  not_found: 404,
  request_conflict: 409,
  resource_gone: 410,
} as const;

export type ClientErrorCode = keyof typeof CLIENT_ERROR_STATUS;

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
