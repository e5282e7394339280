import type { ComponentType } from 'react';
import type { RuntimeConfig } from '../../../lib/runtime-config.ts';
import { PasswordSignIn } from './password-sign-in.tsx';

export type SignInMethod = { id: string; label: string; Component: ComponentType };

/** The ways to sign in this installation offers, in the order the login screen lists them. */
export function signInMethods(_config: RuntimeConfig): SignInMethod[] {
  return [{ id: 'password', label: 'Password', Component: PasswordSignIn }];
}
