import type { SignInMethodName } from '@ballast/contract';
import type { Db } from '@ballast/db';
import type { MessageTransport } from './delivery/message-transport.ts';
import type { ConnectedAppConfig, OpenIdProviderSettings } from './idp/connected-apps.ts';
import type { OAuthProviderConfig } from './oauth/oauth-providers.ts';

/** What the project tells the browser SDK at bootstrap and how it checks passwords. */
export type ProjectSettings = {
  /** Shown in messages: "Sign in to <project name>". */
  projectName: string;
  /** Domains our e-mails come from, which the SDK shows so people know what to look for. */
  emailDomains: readonly string[];
  /** `zxcvbn` scores passwords; `luds` counts lower, upper, digit and symbol classes. */
  passwordPolicy:
    | { kind: 'zxcvbn'; minimumScore: number }
    | { kind: 'luds'; complexity: number; minimumCount: number };
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOAuth: boolean;
  /** Where links in e-mails may send a browser; a redirect URL must start with one of these. */
  allowedRedirectUrls: readonly string[];
  /** The default login and reset pages, used when a call names none. */
  defaultLoginRedirectUrl: string;
  defaultResetPasswordRedirectUrl: string;
};

/** Lifetimes and limits, in minutes unless named otherwise. */
export type IdentityLimits = {
  sessionDurationMinutes: { default: number; max: number };
  sessionJwtMinutes: number;
  magicLinkMinutes: number;
  passwordResetMinutes: number;
  otpMinutes: number;
  otpMaxAttempts: number;
  impersonationTokenMinutes: number;
  impersonationSessionMinutes: number;
  intermediateSessionMinutes: number;
  /** Consecutive failed sign-ins before an address is locked, and for how long. */
  lockout: { failures: number; minutes: number };
  signingKeyRotationDays: number;
};

export const DEFAULT_LIMITS: IdentityLimits = {
  sessionDurationMinutes: { default: 60, max: 60 * 24 * 7 },
  sessionJwtMinutes: 5,
  magicLinkMinutes: 60,
  passwordResetMinutes: 30,
  otpMinutes: 2,
  otpMaxAttempts: 5,
  impersonationTokenMinutes: 5,
  impersonationSessionMinutes: 60,
  intermediateSessionMinutes: 10,
  lockout: { failures: 10, minutes: 60 },
  signingKeyRotationDays: 30,
};

export type IdentityOptions = {
  db: Db;
  project: ProjectSettings;
  limits: IdentityLimits;
  /** Encrypts TOTP seeds and private signing keys at rest. */
  encryptionKey: string;
  messages: MessageTransport;
  /** Browser origins allowed to call the service from another origin, with credentials. */
  corsOrigins: readonly string[];
  /** OAuth sign-in providers (`/v1/public/oauth/{name}/start`); none when unset. */
  oauthProviders?: readonly OAuthProviderConfig[];
  /**
   * Apps that sign their users in through this service, which acts as their OAuth 2.0 / OpenID
   * Connect provider (`idp/`, `/v1/oauth2/*`); none when unset.
   */
  connectedApps?: readonly ConnectedAppConfig[];
  /** How connected apps find this provider; every field has a default (see `idp/`). */
  openIdProvider?: OpenIdProviderSettings;
  /**
   * The WebAuthn relying party (passkeys). Unset fields are derived from the page origin the SDK
   * reports, within the origins this project already trusts (see `webauthn/relying-party.ts`).
   */
  webauthn?: {
    /** The name an authenticator shows; with `webauthn` unset, the project name. */
    rpName: string;
    /** RP IDs a credential may be scoped to; default: the hostname of the page asking. */
    rpIds?: readonly string[];
    /** Exact page origins allowed to run a ceremony; default: derived, see above. */
    origins?: readonly string[];
  };
  /**
   * The host's sign-in policy for a user (decision 023): the ways they may sign in and how long a
   * session may last. Undefined, or an answer of undefined, leaves the service's own limits.
   */
  signInPolicy?: (userId: string) => Promise<UserSignInPolicy | undefined>;
  /**
   * Links lead to the origin each call was made through (its protocol and Host), besides the
   * configured ones, and the default pages are that origin's. For a demo reached by whatever
   * address (`127.0.0.1`, another machine's name); never where e-mail reaches real people, since
   * whoever sends the call names the host its links carry.
   */
  linksToRequestOrigin?: boolean;
};

export type UserSignInPolicy = { methods: readonly SignInMethodName[]; sessionMinutes: number };
