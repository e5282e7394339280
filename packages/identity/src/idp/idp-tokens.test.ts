import { describe, expect, it } from 'vitest';
import type { ProtocolUser } from '../users/protocol-user.ts';
import { configuredIssuer } from './discovery.ts';
import { userClaims } from './idp-tokens.ts';

const USER = {
  user_id: 'user-test-1',
  name: { first_name: 'Grace', middle_name: '', last_name: 'Hopper' },
  emails: [
    { email_id: 'e1', email: 'old@ballast.test', verified: false },
    { email_id: 'e2', email: 'grace@ballast.test', verified: true },
  ],
  phone_numbers: [{ phone_id: 'p1', phone_number: '+15555550100', verified: true }],
  providers: [],
} as unknown as ProtocolUser;

describe('claims about the user', () => {
  it('releases each claim only under its scope', () => {
    expect(userClaims(USER, ['openid'])).toEqual({});
    expect(userClaims(USER, ['openid', 'email'])).toEqual({
      email: 'grace@ballast.test',
      email_verified: true,
    });
    expect(userClaims(USER, ['profile'])).toEqual({
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    expect(userClaims(USER, ['phone'])).toEqual({
      phone_number: '+15555550100',
      phone_number_verified: true,
    });
  });

  it('gives an unverified address as unverified when it is the only one', () => {
    const unverified = { ...USER, emails: [USER.emails[0]] } as ProtocolUser;
    expect(userClaims(unverified, ['email'])).toEqual({
      email: 'old@ballast.test',
      email_verified: false,
    });
  });
});

describe('the configured issuer', () => {
  it('drops a trailing slash and is absent when not configured', () => {
    expect(configuredIssuer({ issuer: 'https://id.example/' })).toBe('https://id.example');
    expect(configuredIssuer({})).toBeUndefined();
    expect(configuredIssuer(undefined)).toBeUndefined();
  });

  it.each(['id.example', 'http://id.example', 'https://id.example?x=1', 'com.app:/x'])(
    'refuses %s at boot',
    (issuer) => {
      expect(() => configuredIssuer({ issuer })).toThrow(/issuer/);
    },
  );
});
