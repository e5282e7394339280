import { describe, expect, it } from 'vitest';
import {
  type ConnectedAppConfig,
  checkRedirectUri,
  createConnectedApps,
  redirectUriProblem,
} from './connected-apps.ts';
import { isConsentRequired } from './consents.ts';
import { grantableScopes, scopeResultsFor } from './scopes.ts';

const SECRET = 'k'.repeat(40);
const APP: ConnectedAppConfig = {
  clientId: 'notebook',
  name: 'Notebook',
  redirectUris: ['https://notebook.example/callback'],
  firstParty: false,
};

describe('connected app configuration', () => {
  it('makes an app with a secret confidential and one without public', () => {
    const apps = createConnectedApps([
      APP,
      { ...APP, clientId: 'reports', clientSecret: SECRET, firstParty: true },
    ]);
    expect(apps.get('notebook').clientType).toBe('public');
    expect(apps.get('reports').clientType).toBe('confidential');
    expect(apps.get('reports').hasSecret(SECRET)).toBe(true);
    expect(apps.get('reports').hasSecret(`${SECRET}x`)).toBe(false);
    expect(apps.get('notebook').hasSecret('')).toBe(false);
  });

  it('offers openid, email and profile unless the app lists its own scopes', () => {
    expect([...createConnectedApps([APP]).get('notebook').scopes]).toEqual([
      'openid',
      'email',
      'profile',
    ]);
  });

  it('answers connected_app_not_found for an unknown client id', () => {
    expect(() => createConnectedApps([APP]).get('other')).toThrow(
      expect.objectContaining({ errorType: 'connected_app_not_found' }),
    );
  });

  it.each([
    [{ ...APP, clientId: 'has space' }, /clientId/],
    [{ ...APP, name: ' ' }, /name is empty/],
    [{ ...APP, clientSecret: 'short' }, /at least 32/],
    [{ ...APP, redirectUris: [] }, /redirectUris is empty/],
    [{ ...APP, redirectUris: ['http://notebook.example/cb'] }, /http for a host/],
    [{ ...APP, redirectUris: ['https://notebook.example/cb#top'] }, /fragment/],
    [{ ...APP, postLogoutRedirectUris: ['javascript:alert(1)'] }, /javascript/],
    [{ ...APP, scopes: ['openid', 'offline_access'] }, /refresh tokens/],
    [{ ...APP, scopes: ['two words'] }, /not a valid scope/],
    [{ ...APP, logoUrl: 'ftp://x' }, /logoUrl/],
  ])('refuses a mistaken configuration at boot (%#)', (config, message) => {
    expect(() => createConnectedApps([config])).toThrow(message);
  });

  it('refuses the same client id twice', () => {
    expect(() => createConnectedApps([APP, APP])).toThrow(/configured twice/);
  });
});

describe('redirect URIs', () => {
  it('allows https, http to this machine and native app schemes', () => {
    for (const uri of [
      'https://a.example/cb',
      'http://localhost:3000/cb',
      'http://127.0.0.1:8080/cb',
      'http://[::1]/cb',
      'com.example.app:/oauth',
    ]) {
      expect(redirectUriProblem(uri), uri).toBeUndefined();
    }
  });

  it('matches exactly: no prefix, no extra query, no other case', () => {
    const registered = ['https://a.example/cb'];
    expect(checkRedirectUri(registered, 'https://a.example/cb')).toBe('https://a.example/cb');
    for (const uri of [
      'https://a.example/cb/x',
      'https://a.example/cb?x=1',
      'https://A.example/cb',
    ]) {
      expect(() => checkRedirectUri(registered, uri)).toThrow(
        expect.objectContaining({
          errorType: 'connected_app_supplied_redirect_url_not_found_in_client',
        }),
      );
    }
  });
});

describe('scopes and consent', () => {
  const allowed = new Set(['openid', 'email', 'profile']);

  it('lists each requested scope once, marking those the app may not have', () => {
    expect(scopeResultsFor(allowed, ['openid', 'phone', 'openid', 'notes:write'])).toEqual([
      { scope: 'openid', is_grantable: true, description: 'Verify your identity' },
      { scope: 'phone', is_grantable: false, description: 'View your phone number' },
      { scope: 'notes:write', is_grantable: false, description: 'Use the notes:write scope' },
    ]);
    expect(grantableScopes(allowed, ['email', 'phone', 'openid'])).toEqual(['email', 'openid']);
  });

  it('asks a third party unless every scope was granted before; never asks a first party', () => {
    const none = new Set<string>();
    const base = { scopes: ['openid', 'email'], prompts: none };
    expect(isConsentRequired({ ...base, app: { firstParty: false }, granted: none })).toBe(true);
    expect(
      isConsentRequired({ ...base, app: { firstParty: false }, granted: new Set(['openid']) }),
    ).toBe(true);
    expect(
      isConsentRequired({
        ...base,
        app: { firstParty: false },
        granted: new Set(['openid', 'email', 'profile']),
      }),
    ).toBe(false);
    expect(isConsentRequired({ ...base, app: { firstParty: true }, granted: none })).toBe(false);
    expect(
      isConsentRequired({
        ...base,
        app: { firstParty: true },
        granted: none,
        prompts: new Set(['consent']),
      }),
    ).toBe(true);
  });
});
