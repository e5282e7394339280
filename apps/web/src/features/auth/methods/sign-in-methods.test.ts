import { type RuntimeConfig, SIGN_IN_METHODS } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { type SignInEnvironment, signInMethods } from './sign-in-methods.ts';

function configWith(signIn: Partial<RuntimeConfig['signIn']>): RuntimeConfig {
  return {
    apiUrl: 'http://localhost/api',
    identityUrl: 'http://localhost',
    publicToken: 'public-token-test-1',
    signIn: {
      methods: [...SIGN_IN_METHODS],
      oauthProviders: [],
      sms: false,
      sessionMinutes: 720,
      ...signIn,
    },
    support: { phone: '(800)-555-0199', email: 'support@ballast.test' },
  };
}

const BARE: SignInEnvironment = { hasPasskeys: false, hasEthereumWallet: false };
const FULL: SignInEnvironment = { hasPasskeys: true, hasEthereumWallet: true };

function summary(config: RuntimeConfig, environment: SignInEnvironment) {
  return signInMethods(config, environment).map(({ id, label, placement }) => ({
    id,
    label,
    placement,
  }));
}

describe('signInMethods', () => {
  it('shows only the methods some firm’s policy offers (decision 023)', () => {
    const config = configWith({
      methods: ['passkey', 'email_code', 'oauth'],
      sms: true,
      oauthProviders: ['google'],
    });
    expect(summary(config, FULL).map((method) => method.id)).toEqual([
      'email-code',
      'passkey',
      'oauth-google',
    ]);
  });

  it('always offers the password, e-mailed link and e-mailed code as tabs', () => {
    expect(summary(configWith({}), BARE)).toEqual([
      { id: 'password', label: 'Password', placement: 'tab' },
      { id: 'magic-link', label: 'E-mail link', placement: 'tab' },
      { id: 'email-code', label: 'E-mail code', placement: 'tab' },
    ]);
  });

  it('adds text messages when the server can send them, and buttons for the rest in order', () => {
    const config = configWith({ sms: true, oauthProviders: ['google', 'github'] });
    expect(summary(config, FULL)).toEqual([
      { id: 'password', label: 'Password', placement: 'tab' },
      { id: 'magic-link', label: 'E-mail link', placement: 'tab' },
      { id: 'email-code', label: 'E-mail code', placement: 'tab' },
      { id: 'sms-code', label: 'Text message', placement: 'tab' },
      { id: 'passkey', label: 'Continue with a passkey', placement: 'button' },
      { id: 'oauth-google', label: 'Continue with Google', placement: 'button' },
      { id: 'oauth-github', label: 'Continue with GitHub', placement: 'button' },
      { id: 'wallet', label: 'Continue with an Ethereum wallet', placement: 'button' },
    ]);
  });

  it('offers passkeys and the wallet only where the browser has them', () => {
    const ids = (environment: SignInEnvironment) =>
      signInMethods(configWith({}), environment).map((method) => method.id);
    expect(ids({ hasPasskeys: true, hasEthereumWallet: false })).toContain('passkey');
    expect(ids({ hasPasskeys: true, hasEthereumWallet: false })).not.toContain('wallet');
    expect(ids({ hasPasskeys: false, hasEthereumWallet: true })).toContain('wallet');
    expect(ids({ hasPasskeys: false, hasEthereumWallet: true })).not.toContain('passkey');
  });

  it('shows each OAuth provider once, leaving out names the sign-in client cannot start', () => {
    const config = configWith({
      oauthProviders: ['microsoft', 'keycloak', 'microsoft', 'linkedin'],
    });
    expect(
      signInMethods(config, BARE)
        .filter((method) => method.id.startsWith('oauth-'))
        .map((method) => method.label),
    ).toEqual(['Continue with Microsoft', 'Continue with LinkedIn']);
  });
});
