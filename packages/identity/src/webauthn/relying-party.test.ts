import { describe, expect, it } from 'vitest';
import { IdentityError } from '../identity-error.ts';
import { type RelyingPartyConfig, resolveRelyingParty, trustedOrigins } from './relying-party.ts';

function optionsWith(
  overrides: Partial<Pick<RelyingPartyConfig, 'corsOrigins' | 'webauthn'>> & {
    redirectUrls?: string[];
  } = {},
): RelyingPartyConfig {
  return {
    corsOrigins: overrides.corsOrigins ?? ['https://app.ballast.example'],
    webauthn: overrides.webauthn,
    project: {
      projectName: 'Ballast',
      allowedRedirectUrls: overrides.redirectUrls ?? [
        'https://www.ballast.example/auth',
        'http://localhost',
      ],
      defaultLoginRedirectUrl: 'https://www.ballast.example/auth/login',
      defaultResetPasswordRedirectUrl: 'https://www.ballast.example/auth/reset',
    },
  };
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof IdentityError ? error.errorType : 'not an IdentityError';
  }
}

describe('the WebAuthn relying party', () => {
  it('derives trusted origins from the CORS origins and the redirect URLs, once each', () => {
    expect(trustedOrigins(optionsWith()).sort()).toEqual([
      'http://localhost',
      'https://app.ballast.example',
      'https://www.ballast.example',
    ]);
  });

  it('takes the RP ID and origin from a trusted page, named after the project', () => {
    expect(resolveRelyingParty(optionsWith(), 'https://app.ballast.example', undefined)).toEqual({
      name: 'Ballast',
      id: 'app.ballast.example',
      origin: 'https://app.ballast.example',
    });
    expect(
      resolveRelyingParty(optionsWith(), 'https://www.ballast.example', 'WWW.ballast.example').id,
    ).toBe('www.ballast.example');
  });

  it('refuses pages the project does not trust, and requests without a page origin', () => {
    const options = optionsWith();
    for (const page of [
      'https://evil.example',
      'https://app.ballast.example.evil.example',
      'https://app.ballast.example:8443',
      'http://app.ballast.example',
      'not a url',
      undefined,
    ]) {
      expect(
        refusal(() => resolveRelyingParty(options, page, undefined)),
        String(page),
      ).toBe('invalid_webauthn_registration_domain');
    }
  });

  it('lets a listed loopback origin stand for every port of its host and scheme only', () => {
    const options = optionsWith();
    expect(resolveRelyingParty(options, 'http://localhost:5173', 'localhost').origin).toBe(
      'http://localhost:5173',
    );
    expect(refusal(() => resolveRelyingParty(options, 'https://localhost:5173', undefined))).toBe(
      'invalid_webauthn_registration_domain',
    );
    expect(refusal(() => resolveRelyingParty(options, 'http://127.0.0.1:5173', undefined))).toBe(
      'invalid_webauthn_registration_domain',
    );
  });

  it('refuses an RP ID other than the page host unless webauthn.rpIds lists it', () => {
    const page = 'https://app.ballast.example';
    expect(refusal(() => resolveRelyingParty(optionsWith(), page, 'ballast.example'))).toBe(
      'invalid_webauthn_registration_domain',
    );
    const listed = optionsWith({ webauthn: { rpName: 'Ballast ID', rpIds: ['ballast.example'] } });
    expect(resolveRelyingParty(listed, page, 'ballast.example')).toEqual({
      name: 'Ballast ID',
      id: 'ballast.example',
      origin: page,
    });
    // Listed, but the browser would refuse it on this page: it is not a parent of the host.
    expect(
      refusal(() =>
        resolveRelyingParty(
          optionsWith({ webauthn: { rpName: 'Ballast', rpIds: ['other.example'] } }),
          page,
          'other.example',
        ),
      ),
    ).toBe('invalid_webauthn_registration_domain');
  });

  it('trusts exactly the configured origins when webauthn.origins is set', () => {
    const options = optionsWith({
      webauthn: { rpName: 'Ballast', origins: ['http://localhost:3000/ignored/path'] },
    });
    expect(trustedOrigins(options)).toEqual(['http://localhost:3000']);
    expect(resolveRelyingParty(options, 'http://localhost:3000', undefined).id).toBe('localhost');
    expect(refusal(() => resolveRelyingParty(options, 'http://localhost:5173', undefined))).toBe(
      'invalid_webauthn_registration_domain',
    );
    expect(
      refusal(() => resolveRelyingParty(options, 'https://app.ballast.example', undefined)),
    ).toBe('invalid_webauthn_registration_domain');
  });
});
