import { ADVISOR_INACTIVE, SIGN_IN_ERROR_MESSAGES, SIGN_IN_UNREACHABLE } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { GENERIC_SIGN_IN_FAILURE, signInErrorMessage } from './sign-in-error.ts';

describe('signInErrorMessage', () => {
  it('gives the product §8 message of every known error_type', () => {
    for (const [type, message] of Object.entries(SIGN_IN_ERROR_MESSAGES)) {
      expect(signInErrorMessage({ error_type: type, message: 'raw text' })).toBe(message);
    }
  });

  it('tells a user their administrator made inactive why they cannot sign in (decision 022)', () => {
    expect(signInErrorMessage({ error_type: 'user_inactive', message: 'raw text' })).toBe(
      ADVISOR_INACTIVE,
    );
  });

  it("repeats the client's own words when the service cannot be reached", () => {
    const error = new Error(`StytchAPIUnreachableError: ${SIGN_IN_UNREACHABLE} Failed to fetch`);
    expect(signInErrorMessage(error)).toBe(SIGN_IN_UNREACHABLE);
  });

  it('falls back to a generic message for anything else', () => {
    expect(signInErrorMessage({ error_type: 'no_such_type', message: 'x' })).toBe(
      GENERIC_SIGN_IN_FAILURE,
    );
    expect(signInErrorMessage(undefined)).toBe(GENERIC_SIGN_IN_FAILURE);
  });
});
