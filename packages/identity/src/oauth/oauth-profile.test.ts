import { describe, expect, it } from 'vitest';
import { OIDC_FIELDS, pickVerifiedEmail, readProfile } from './oauth-profile.ts';

describe('readProfile', () => {
  it('reads the standard claims', () => {
    expect(
      readProfile(
        {
          sub: 'abc',
          email: 'ada@example.test',
          email_verified: true,
          picture: 'https://example.test/ada.png',
          locale: 'en-GB',
          given_name: 'Ada',
          family_name: 'Lovelace',
        },
        OIDC_FIELDS,
      ),
    ).toEqual({
      subject: 'abc',
      verifiedEmail: 'ada@example.test',
      pictureUrl: 'https://example.test/ada.png',
      locale: 'en-GB',
      givenName: 'Ada',
      familyName: 'Lovelace',
    });
  });

  it('keeps an address only when the provider says it is verified (Apple says "true")', () => {
    const claims = { sub: 'abc', email: 'ada@example.test' };
    expect(readProfile(claims, OIDC_FIELDS)?.verifiedEmail).toBeUndefined();
    expect(readProfile({ ...claims, email_verified: false }, OIDC_FIELDS)?.verifiedEmail).toBe(
      undefined,
    );
    expect(readProfile({ ...claims, email_verified: 'true' }, OIDC_FIELDS)?.verifiedEmail).toBe(
      'ada@example.test',
    );
  });

  it('reads a numeric subject as text and has no profile without a subject', () => {
    expect(readProfile({ id: 4417 }, { subject: 'id' })?.subject).toBe('4417');
    expect(readProfile({ email: 'ada@example.test' }, OIDC_FIELDS)).toBeUndefined();
  });

  it('drops a picture URL a page could run', () => {
    expect(
      readProfile({ sub: 'abc', picture: 'javascript:alert(1)' }, OIDC_FIELDS)?.pictureUrl,
    ).toBe('');
  });
});

describe('pickVerifiedEmail', () => {
  it('prefers the primary verified address and ignores unverified ones', () => {
    expect(
      pickVerifiedEmail([
        { email: 'old@example.test', verified: true, primary: false },
        { email: 'fake@example.test', verified: false, primary: false },
        { email: 'main@example.test', verified: true, primary: true },
      ]),
    ).toBe('main@example.test');
    expect(pickVerifiedEmail([{ email: 'fake@example.test', verified: false }])).toBeUndefined();
    expect(pickVerifiedEmail({ message: 'Bad credentials' })).toBeUndefined();
  });
});
