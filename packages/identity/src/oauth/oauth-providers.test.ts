import { describe, expect, it } from 'vitest';
import { isLoopback, resolveOAuthProvider } from './oauth-providers.ts';

const CLIENT = { clientId: 'client', clientSecret: 'secret' };

describe('resolveOAuthProvider', () => {
  it('completes a known OpenID provider from its name alone', () => {
    expect(resolveOAuthProvider({ name: 'google', ...CLIENT })).toMatchObject({
      protocol: 'oidc',
      issuer: 'https://accounts.google.com',
      scopes: ['openid', 'email', 'profile'],
      responseMode: 'query',
    });
  });

  it('asks Apple to answer with a form POST, as it does when asked for the address', () => {
    expect(resolveOAuthProvider({ name: 'apple', ...CLIENT }).responseMode).toBe('form_post');
  });

  it('completes GitHub, which is not OpenID Connect, with its endpoints and verified-address list', () => {
    expect(resolveOAuthProvider({ name: 'github', ...CLIENT })).toMatchObject({
      protocol: 'oauth2',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      verifiedEmailsEndpoint: 'https://api.github.com/user/emails',
      fields: { subject: 'id' },
    });
  });

  it('lets a configured issuer replace a known one, and always asks for openid', () => {
    const provider = resolveOAuthProvider({
      name: 'google',
      issuer: 'https://idp.example.test',
      scopes: ['email'],
      ...CLIENT,
    });
    expect(provider).toMatchObject({ issuer: 'https://idp.example.test' });
    expect(provider.scopes).toEqual(['openid', 'email']);
  });

  it('takes any other name with an issuer or the three endpoints of plain OAuth 2', () => {
    expect(
      resolveOAuthProvider({ name: 'okta', issuer: 'https://example.okta.com', ...CLIENT }),
    ).toMatchObject({ protocol: 'oidc', name: 'okta' });
    expect(
      resolveOAuthProvider({
        name: 'acme',
        authorizationEndpoint: 'https://acme.test/authorize',
        tokenEndpoint: 'https://acme.test/token',
        userinfoEndpoint: 'https://acme.test/me',
        ...CLIENT,
      }),
    ).toMatchObject({
      protocol: 'oauth2',
      fields: { subject: 'sub' },
      verifiedEmailsEndpoint: undefined,
    });
  });

  it.each([
    [{ name: 'acme' }, /not a known provider/],
    [{ name: 'Google' }, /must match/],
    [{ name: 'oauth-x', issuer: 'https://x.test' }, /must match/],
    [{ name: 'acme', issuer: 'http://idp.example.test' }, /must use https/],
    [{ name: 'acme', issuer: 'https://x.test', tokenEndpoint: 'https://x.test/t' }, /not both/],
    [{ name: 'google', clientSecret: '' }, /clientId and a clientSecret/],
  ])('refuses the configuration %o at boot', (config, message) => {
    expect(() => resolveOAuthProvider({ ...CLIENT, ...config })).toThrow(message);
  });
});

describe('isLoopback', () => {
  it('accepts plain http only on this machine', () => {
    expect(isLoopback(new URL('http://127.0.0.1:4000'))).toBe(true);
    expect(isLoopback(new URL('http://localhost:4000'))).toBe(true);
    expect(isLoopback(new URL('http://[::1]:4000'))).toBe(true);
    expect(isLoopback(new URL('http://127.0.0.1.evil.test'))).toBe(false);
    expect(isLoopback(new URL('http://idp.example.test'))).toBe(false);
  });
});
