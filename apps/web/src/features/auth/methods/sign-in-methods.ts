import type { SignInMethodName } from '@ballast/contract';
import { type ComponentType, createElement, type ReactElement } from 'react';
import type { RuntimeConfig } from '../../../lib/runtime-config.ts';
import { EmailCodeSignIn } from './email-code-sign-in.tsx';
import { MagicLinkSignIn } from './magic-link-sign-in.tsx';
import { isSdkOAuthProvider, OAuthSignIn, oauthProviderLabel } from './oauth-sign-in.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { PasswordSignIn } from './password-sign-in.tsx';
import { SmsCodeSignIn } from './sms-code-sign-in.tsx';
import { hasEthereumWallet, WalletSignIn } from './wallet-sign-in.tsx';

export type SignInMethod = {
  id: string;
  /** The tab's name, or the button's text. */
  label: string;
  /** A method with something to type is a tab; one that needs only a click is a button. */
  placement: 'tab' | 'button';
  render(): ReactElement;
};

/** What the browser itself can do, which decides some methods as much as the server does. */
export type SignInEnvironment = { hasPasskeys: boolean; hasEthereumWallet: boolean };

function tab(id: string, label: string, Component: ComponentType): SignInMethod {
  return { id, label, placement: 'tab', render: () => createElement(Component) };
}

function button(
  id: string,
  label: string,
  Component: ComponentType<{ label: string }>,
): SignInMethod {
  return { id, label, placement: 'button', render: () => createElement(Component, { label }) };
}

/** The ways to sign in this installation offers, in the order the login screen lists them. */
export function signInMethods(
  config: RuntimeConfig,
  environment: SignInEnvironment,
): SignInMethod[] {
  // Decision 023: only what some firm's sign-in policy offers.
  const offers = (method: SignInMethodName) => config.signIn.methods.includes(method);
  const methods: SignInMethod[] = [];
  if (offers('password')) methods.push(tab('password', 'Password', PasswordSignIn));
  if (offers('email_link')) methods.push(tab('magic-link', 'E-mail link', MagicLinkSignIn));
  if (offers('email_code')) methods.push(tab('email-code', 'E-mail code', EmailCodeSignIn));
  if (config.signIn.sms && offers('sms_code')) {
    methods.push(tab('sms-code', 'Text message', SmsCodeSignIn));
  }
  if (environment.hasPasskeys && offers('passkey')) {
    methods.push(button('passkey', 'Continue with a passkey', PasskeySignIn));
  }
  for (const provider of new Set(offers('oauth') ? config.signIn.oauthProviders : [])) {
    if (!isSdkOAuthProvider(provider)) continue;
    const label = `Continue with ${oauthProviderLabel(provider)}`;
    methods.push({
      id: `oauth-${provider}`,
      label,
      placement: 'button',
      render: () => createElement(OAuthSignIn, { provider, label }),
    });
  }
  if (environment.hasEthereumWallet && offers('wallet')) {
    methods.push(button('wallet', 'Continue with an Ethereum wallet', WalletSignIn));
  }
  return methods;
}

/** What this browser offers, read once when the login screen opens. */
export function currentSignInEnvironment(): SignInEnvironment {
  return {
    hasPasskeys: typeof window.PublicKeyCredential === 'function',
    hasEthereumWallet: hasEthereumWallet(),
  };
}
