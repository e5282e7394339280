import {
  ADVISOR_INACTIVE,
  isSignInErrorType,
  SIGN_IN_ERROR_MESSAGES,
  SIGN_IN_INVALID_JSON,
  SIGN_IN_INVALID_RESPONSE,
  SIGN_IN_NO_RESPONSE,
  SIGN_IN_UNREACHABLE,
} from '@ballast/contract';

export const GENERIC_SIGN_IN_FAILURE = 'Sign-in did not work. Please try again.';

// What the sign-in client itself says when the service cannot be reached or understood
// (product §8).
const CLIENT_FAILURES = [
  SIGN_IN_UNREACHABLE,
  SIGN_IN_INVALID_JSON,
  SIGN_IN_NO_RESPONSE,
  SIGN_IN_INVALID_RESPONSE,
];

// Error types of our own identity service beyond product §8's table: a user the firm's
// administrator has made inactive (decision 022).
const OUR_ERROR_MESSAGES = new Map([['user_inactive', ADVISOR_INACTIVE]]);

/**
 * The product §8 message for a sign-in failure: by its error_type (or ours, for types product §8
 * does not list), else the client's own, else generic.
 */
export function signInErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const { error_type: type, message } = error as { error_type?: unknown; message?: unknown };
    if (typeof type === 'string') {
      if (isSignInErrorType(type)) return SIGN_IN_ERROR_MESSAGES[type];
      const ours = OUR_ERROR_MESSAGES.get(type);
      if (ours) return ours;
    }
    if (typeof message === 'string') {
      const known = CLIENT_FAILURES.find((failure) => message.includes(failure));
      if (known) return known;
    }
  }
  return GENERIC_SIGN_IN_FAILURE;
}
