/**
 * The error types this service answers with, each with its HTTP status. The browser SDK destroys
 * the local session only on `unauthorized_credentials`, `user_unauthenticated`,
 * `invalid_secret_authentication` and `session_not_found`, so those four are reserved for a
 * definite "no": a transient failure (5xx, rate limit, database hiccup) never carries one.
 */
export const IDENTITY_ERRORS = {
  bad_request: { status: 400, message: 'The request is not valid.' },
  invalid_email: {
    status: 400,
    message: 'The email address you entered is invalid. Please double check and try again.',
  },
  invalid_phone_number: { status: 400, message: 'The phone number is not valid.' },
  invalid_session_duration: {
    status: 400,
    message: 'session_duration_minutes is outside the range this project allows.',
  },
  invalid_redirect_url: {
    status: 400,
    message: 'The redirect URL is not on the list of URLs this project allows.',
  },
  weak_password: {
    status: 400,
    message: 'The password you entered is too weak. Please choose a stronger password.',
  },
  cannot_reset_password_with_existing_password: {
    status: 400,
    message: 'You cannot use your existing password as your new password. Please enter a new one',
  },
  duplicate_email: { status: 400, message: 'A user with this email address already exists.' },
  invalid_code: {
    status: 401,
    message: 'The code you entered is invalid. Please double check and try again.',
  },
  invalid_token: {
    status: 401,
    message: 'The token you entered is invalid. Please request a new token and try again.',
  },
  pkce_mismatch: { status: 400, message: 'The code_verifier does not match the code_challenge.' },
  unable_to_auth_magic_link: {
    status: 401,
    message: 'The magic link has expired or already been used. Please request a new one.',
  },
  unable_to_auth_otp_code: {
    status: 401,
    message:
      'The one-time passcode has expired or already been used. Please request a new passcode.',
  },
  unable_to_auth_password_reset_token: {
    status: 401,
    message:
      'The password reset token has expired or is invalid. Please request a new password reset email.',
  },
  reset_password: { status: 401, message: 'You must reset your password before continuing.' },
  unauthorized_credentials: {
    status: 401,
    message:
      'The username or password you entered is incorrect. Please double check and try again.',
  },
  unauthorized_action: {
    status: 403,
    message: 'You do not have permission to perform that action.',
  },
  session_not_found: { status: 404, message: 'The session could not be found.' },
  user_not_found: { status: 404, message: 'The user could not be found.' },
  not_found: { status: 404, message: 'The requested resource could not be found.' },
  public_token_not_found: {
    status: 401,
    message: 'The public token is not valid for any project.',
  },
  too_many_requests: {
    status: 429,
    message: 'Too many requests have been made. Please wait and try again.',
  },
  internal_server_error: {
    status: 500,
    message: 'Sorry, something went wrong on our end. Please try again later or contact support.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type IdentityErrorType = keyof typeof IDENTITY_ERRORS;

/** Thrown by the service for an expected refusal; the error handler writes the protocol's JSON. */
export class IdentityError extends Error {
  override name = 'IdentityError';
  readonly errorType: IdentityErrorType;

  constructor(errorType: IdentityErrorType, message?: string) {
    super(message ?? IDENTITY_ERRORS[errorType].message);
    this.errorType = errorType;
  }

  get status(): number {
    return IDENTITY_ERRORS[this.errorType].status;
  }
}
