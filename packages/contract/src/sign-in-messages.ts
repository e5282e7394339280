/** Product §8 sign-in messages: what the web shows for each identity-service error, verbatim. */

export const SIGN_IN_ERROR_MESSAGES = {
  cannot_reset_password_with_existing_password:
    'You cannot use your existing password as your new password. Please enter a new one',
  invalid_code: 'The code you entered is invalid. Please double check and try again.',
  invalid_email: 'The email address you entered is invalid. Please double check and try again.',
  invalid_token: 'The token you entered is invalid. Please request a new token and try again.',
  reset_password: 'You must reset your password before continuing.',
  weak_password: 'The password you entered is too weak. Please choose a stronger password.',
  unable_to_auth_magic_link:
    'The password reset token has expired or already been used. Please request a new password reset email.',
  unable_to_auth_otp_code:
    'The one-time passcode has expired or already been used. Please request a new passcode.',
  unable_to_auth_password_reset_token:
    'The password reset token has expired or is invalid. Please request a new password reset email.',
  unauthorized_action: 'You do not have permission to perform that action.',
  unauthorized_credentials:
    'The username or password you entered is incorrect. Please double check and try again.',
  internal_server_error:
    'Sorry, something went wrong on our end. Please try again later or contact support.',
} as const;
export type SignInErrorType = keyof typeof SIGN_IN_ERROR_MESSAGES;

export function isSignInErrorType(value: string): value is SignInErrorType {
  return Object.hasOwn(SIGN_IN_ERROR_MESSAGES, value);
}

// The sign-in client's own failures, worded as the browser SDK words them (one has no full stop
// there, and the web matches on these strings).
export const SIGN_IN_UNREACHABLE = 'Unable to contact our servers.';
export const SIGN_IN_INVALID_JSON = 'Invalid JSON response from our servers.';
export const SIGN_IN_NO_RESPONSE = 'Invalid or no response from server';
export const SIGN_IN_INVALID_RESPONSE = 'Invalid response from our servers.';
/** A non-JSON error body containing this text earns one retry with a fresh captcha token. */
export const CAPTCHA_REQUIRED_MARKER = 'Captcha required';

export const ONE_TAP_FAILURE_REASONS = [
  'oauth_config_not_found',
  'user_cancel',
  'unknown_reason',
] as const;
export type OneTapFailureReason = (typeof ONE_TAP_FAILURE_REASONS)[number];
