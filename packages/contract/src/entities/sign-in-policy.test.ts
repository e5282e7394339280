import { describe, expect, it } from 'vitest';
import { effectiveSignInPolicy, type SignInBounds } from './sign-in-policy.ts';

const bounds: SignInBounds = {
  available_methods: ['password', 'email_link', 'passkey'],
  max_session_minutes: 480,
};

describe('the sign-in policy in force (decision 023)', () => {
  it('gives a firm without a policy every available method, no second factor, and a capped working day', () => {
    expect(effectiveSignInPolicy(null, bounds)).toEqual({
      methods: ['password', 'email_link', 'passkey'],
      second_factor_roles: [],
      session_minutes: 480,
      ...bounds,
    });
    expect(
      effectiveSignInPolicy(null, { ...bounds, max_session_minutes: 10_080 }).session_minutes,
    ).toBe(720);
  });

  it('keeps the firm’s own choices within what the installation offers', () => {
    const stored = {
      methods: ['passkey', 'sms_code'],
      second_factor_roles: ['ADMINISTRATOR', 'OPERATIONS'],
      session_minutes: 600,
    };
    expect(effectiveSignInPolicy(stored, bounds)).toMatchObject({
      methods: ['passkey'],
      second_factor_roles: ['ADMINISTRATOR', 'OPERATIONS'],
      session_minutes: 480,
    });
  });

  it('falls back to every available method when none the firm chose is left, rather than lock it out', () => {
    const stored = { methods: ['wallet'], second_factor_roles: [], session_minutes: 60 };
    expect(effectiveSignInPolicy(stored, bounds)).toMatchObject({
      methods: ['password', 'email_link', 'passkey'],
      session_minutes: 60,
    });
  });
});
