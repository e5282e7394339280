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
  sign_in_method_not_offered: {
    status: 403,
    message: 'Your firm does not offer this way of signing in.',
  },
  user_inactive: {
    status: 403,
    message: "This account is inactive. Ask your firm's administrator to restore it.",
  },
  session_not_found: { status: 404, message: 'The session could not be found.' },
  organization_not_found: {
    status: 404,
    message: 'This project has no organizations: it signs in consumers, not members.',
  },
  user_not_found: { status: 404, message: 'The user could not be found.' },
  not_found: { status: 404, message: 'The requested resource could not be found.' },
  connected_app_not_found: {
    status: 404,
    message: 'No connected app has this client_id.',
  },
  connected_app_supplied_redirect_url_not_found_in_client: {
    status: 400,
    message: 'The redirect URI is not one this connected app registered.',
  },
  pkce_required_for_idp_authorization_flow: {
    status: 400,
    message: 'This connected app is a public client: send a code_challenge (PKCE, S256).',
  },
  oauth_config_not_found: {
    status: 404,
    message: 'This OAuth provider is not configured for this project.',
  },
  oauth_invalid_callback_request: {
    status: 400,
    message: 'The OAuth callback is missing its state parameter.',
  },
  oauth_invalid_state: {
    status: 400,
    message: 'The OAuth sign-in has expired or was already completed. Please start again.',
  },
  oauth_auth_code_error: {
    status: 401,
    message: 'The provider did not complete the sign-in.',
  },
  oauth_token_not_found: {
    status: 404,
    message: 'The OAuth token has expired or already been used. Please sign in again.',
  },
  invalid_crypto_wallet_address: {
    status: 400,
    message: 'The crypto wallet address is not a valid address for its wallet type.',
  },
  invalid_wallet_type: { status: 400, message: 'Only ethereum crypto wallets are supported.' },
  invalid_siwe_domain: {
    status: 400,
    message: 'The page asking for a Sign-In with Ethereum message is not one this project allows.',
  },
  invalid_siwe_uri: {
    status: 400,
    message: 'siwe_params.uri must be a URI on a page this project allows.',
  },
  invalid_siwe_chain_id: {
    status: 400,
    message: 'siwe_params.chain_id must be a positive whole number.',
  },
  invalid_siwe_statement: {
    status: 400,
    message: 'siwe_params.statement must be one line of plain ASCII text.',
  },
  invalid_siwe_resource: {
    status: 400,
    message: 'Every entry of siwe_params.resources must be a URI.',
  },
  invalid_siwe_message_request_id: {
    status: 400,
    message: 'siwe_params.message_request_id may hold only URI path characters.',
  },
  siwe_message_not_valid_yet: {
    status: 400,
    message: 'The signed message is not valid yet; try again after its Not Before time.',
  },
  unable_to_authenticate_crypto_wallet: {
    status: 401,
    message:
      'The signature does not match a live challenge for this wallet. Please request a new challenge.',
  },
  duplicate_wallet_address: {
    status: 400,
    message: 'This crypto wallet already belongs to another user.',
  },
  unable_to_auth_impersonation_token: {
    status: 401,
    message: 'The impersonation token has expired, has already been used, or is not valid.',
  },
  webauthn_registration_not_found: {
    status: 404,
    message: 'No WebAuthn registration matches this credential for this user.',
  },
  no_active_webauthn_registrations: {
    status: 404,
    message: 'This user has no WebAuthn registrations for this domain.',
  },
  no_pending_webauthn_registration: {
    status: 400,
    message: 'There is no pending WebAuthn registration: it expired or was already used.',
  },
  invalid_webauthn_registration_domain: {
    status: 400,
    message: 'This domain or page origin is not allowed to use WebAuthn with this project.',
  },
  invalid_public_key_credential: {
    status: 400,
    message: 'public_key_credential is not a valid WebAuthn credential.',
  },
  duplicate_webauthn_registration: {
    status: 400,
    message: 'This WebAuthn credential is already registered.',
  },
  empty_webauthn_registration_name: {
    status: 400,
    message: 'A WebAuthn registration name cannot be empty.',
  },
  unable_to_register_webauthn_registration: {
    status: 400,
    message: 'The WebAuthn registration could not be verified.',
  },
  unable_to_auth_webauthn_registration: {
    status: 401,
    message: 'The WebAuthn credential could not be verified. Please try again.',
  },
  totps_not_found_for_user: {
    status: 404,
    message: 'This user has no authenticator app set up.',
  },
  active_totp_exists: {
    status: 409,
    message: 'This user already has an authenticator app. Remove it before adding another.',
  },
  expired_totp: {
    status: 400,
    message: 'The authenticator app was not confirmed in time. Please set it up again.',
  },
  totp_code_already_authenticated: {
    status: 401,
    message: 'This code has already been used. Please wait for the next code and try again.',
  },
  invalid_recovery_code: {
    status: 401,
    message: 'The recovery code is invalid or has already been used.',
  },
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

/** A rate limit's refusal, with the seconds until the caller may try again (`Retry-After`). */
export class TooManyRequestsError extends IdentityError {
  override name = 'TooManyRequestsError';
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('too_many_requests');
    // A window that ends within this second still asks the caller to wait for the next one.
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }
}
