import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkProofKey } from './redeem-authorization-code.ts';
import { readTokenRequest } from './token-request.ts';

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

const FORM = new URLSearchParams({
  grant_type: 'authorization_code',
  code: 'c',
  redirect_uri: 'https://a.example/cb',
});

describe('reading a token request', () => {
  it('takes the client from a Basic header, form-decoding both parts', () => {
    const request = readTokenRequest(basic('my%20app', 's%3Acret+x'), FORM);
    expect(request).toMatchObject({
      grantType: 'authorization_code',
      code: 'c',
      redirectUri: 'https://a.example/cb',
      client: { clientId: 'my app', clientSecret: 's:cret x', method: 'client_secret_basic' },
    });
  });

  it('takes the client from the body, with or without a secret', () => {
    const posted = new URLSearchParams(FORM);
    posted.set('client_id', 'app');
    expect(readTokenRequest(undefined, posted).client).toEqual({
      clientId: 'app',
      clientSecret: undefined,
      method: 'none',
    });
    posted.set('client_secret', 'shh');
    expect(readTokenRequest(undefined, posted).client.method).toBe('client_secret_post');
  });

  it('reads a JSON body the same way', () => {
    expect(
      readTokenRequest(undefined, {
        grant_type: 'authorization_code',
        client_id: 'app',
        code_verifier: 'v',
      }),
    ).toMatchObject({ codeVerifier: 'v', client: { clientId: 'app' } });
  });

  it.each([
    [
      'two ways of authenticating',
      basic('app', 'x'),
      { ...Object.fromEntries(FORM), client_secret: 'x' },
      'invalid_request',
    ],
    [
      'a body client_id that differs from the header',
      basic('app', 'x'),
      { ...Object.fromEntries(FORM), client_id: 'other' },
      'invalid_request',
    ],
    ['no grant_type', undefined, { client_id: 'app' }, 'invalid_request'],
    ['no client at all', undefined, Object.fromEntries(FORM), 'invalid_client'],
    ['a Bearer header', 'Bearer abc', Object.fromEntries(FORM), 'invalid_client'],
    ['a malformed Basic header', 'Basic bm9jb2xvbg==', Object.fromEntries(FORM), 'invalid_client'],
    [
      'a number where text belongs',
      undefined,
      { grant_type: 'authorization_code', client_id: 7 },
      'invalid_request',
    ],
    ['a JSON array', undefined, [], 'invalid_request'],
  ])('refuses %s', (_name, header, body, code) => {
    expect(() => readTokenRequest(header, body)).toThrow(expect.objectContaining({ code }));
  });

  it('refuses a repeated form parameter', () => {
    const repeated = new URLSearchParams('grant_type=authorization_code&client_id=a&client_id=b');
    expect(() => readTokenRequest(undefined, repeated)).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
  });
});

describe('PKCE at redemption', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  // The example of RFC 7636 Appendix B.
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('accepts the verifier that hashes to the challenge (RFC 7636 Appendix B)', () => {
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    expect(() => checkProofKey({ clientType: 'public' }, challenge, verifier)).not.toThrow();
  });

  it.each([
    ['a wrong verifier', 'public', challenge, `${verifier.slice(0, -1)}A`],
    ['no verifier', 'public', challenge, undefined],
    ['a verifier too short to be one', 'public', challenge, 'abc'],
    ['a public code issued without a challenge', 'public', undefined, undefined],
    ['a verifier for a code issued without a challenge', 'confidential', undefined, verifier],
  ] as const)('refuses %s', (_name, clientType, storedChallenge, given) => {
    expect(() => checkProofKey({ clientType }, storedChallenge, given)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
  });

  it('lets a confidential client go without PKCE', () => {
    expect(() => checkProofKey({ clientType: 'confidential' }, undefined, undefined)).not.toThrow();
  });
});
