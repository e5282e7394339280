import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_REQUIRED_MARKER,
  isSignInErrorType,
  ONE_TAP_FAILURE_REASONS,
  SIGN_IN_ERROR_MESSAGES,
  SIGN_IN_INVALID_JSON,
  SIGN_IN_INVALID_RESPONSE,
  SIGN_IN_NO_RESPONSE,
  SIGN_IN_UNREACHABLE,
} from './sign-in-messages.ts';

// Product §8 "Authentication messages by error_type", verbatim.
const SPEC_TABLE = {
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
};

describe('sign-in messages (product §8)', () => {
  it('maps every error_type to the product’s message and nothing more', () => {
    expect(SIGN_IN_ERROR_MESSAGES).toEqual(SPEC_TABLE);
  });

  it('recognises the error types it has messages for', () => {
    expect(isSignInErrorType('invalid_code')).toBe(true);
    expect(isSignInErrorType('toString')).toBe(false);
  });

  it('words client failures as the sign-in client does', () => {
    expect(SIGN_IN_UNREACHABLE).toBe('Unable to contact our servers.');
    expect(SIGN_IN_INVALID_JSON).toBe('Invalid JSON response from our servers.');
    expect(SIGN_IN_NO_RESPONSE).toBe('Invalid or no response from server');
    expect(SIGN_IN_INVALID_RESPONSE).toBe('Invalid response from our servers.');
    expect(CAPTCHA_REQUIRED_MARKER).toBe('Captcha required');
    expect(ONE_TAP_FAILURE_REASONS).toEqual([
      'oauth_config_not_found',
      'user_cancel',
      'unknown_reason',
    ]);
  });
});
