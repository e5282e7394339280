import { SESSION_JWT_COOKIE } from '@ballast/contract';
import {
  createStytchClient,
  type StytchClient,
  type StytchClientOptions,
} from '@stytch/vanilla-js/headless';
import type { RuntimeConfig } from './runtime-config.ts';

export type IdentityClient = StytchClient;

// `endpoints` is the SDK's one option that keeps scheme and port (PROTOCOL.md §1); its published
// types leave it out, so it is added here. Both URLs point at our service so any token works.
type ClientOptions = StytchClientOptions & {
  endpoints: { testAPIURL: string; liveAPIURL: string };
};

/** The official headless sign-in client, pointed at this installation's identity service. */
export function createIdentityClient(config: RuntimeConfig): IdentityClient {
  const options: ClientOptions = {
    endpoints: { testAPIURL: config.identityUrl, liveAPIURL: config.identityUrl },
    cookieOptions: { jwtCookieName: SESSION_JWT_COOKIE },
  };
  return createStytchClient(config.publicToken, options);
}
