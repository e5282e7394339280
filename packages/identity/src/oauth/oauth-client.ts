import * as oidc from 'openid-client';
import { IdentityError } from '../identity-error.ts';
import { type OAuthProfile, OIDC_FIELDS, pickVerifiedEmail, readProfile } from './oauth-profile.ts';
import {
  isLoopback,
  type OAuthProvider,
  type OAuthProviderConfig,
  resolveOAuthProvider,
} from './oauth-providers.ts';

/** Seconds to wait for any one answer from a provider before giving up. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What we send the provider at the start of a flow. */
export type AuthorizationRequest = {
  redirectUri: string;
  state: string;
  /** OpenID Connect only: bound into the ID token, so one token cannot be replayed elsewhere. */
  nonce: string | undefined;
  /** Our own PKCE to the provider, separate from the SDK's PKCE to us. */
  codeChallenge: string;
  customScopes: readonly string[];
  /** `provider_<key>` parameters of the start URL, passed through unchanged. */
  providerParams: Readonly<Record<string, string>>;
};

export type OAuthResult = {
  profile: OAuthProfile;
  accessToken: string;
  idToken: string;
  scopes: string[];
  /** When the access token expires, if the provider said. */
  expiresAt: string | undefined;
};

export type OAuthClient = {
  readonly provider: OAuthProvider;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /**
   * Checks the provider's answer at our callback (`callbackUrl` carries its parameters), redeems
   * the code, and reads who signed in. Every failure is an `oauth_auth_code_error`.
   */
  finish(answer: {
    callbackUrl: URL;
    state: string;
    nonce: string | undefined;
    codeVerifier: string;
  }): Promise<OAuthResult>;
};

export type OAuthClients = {
  find(name: string): OAuthClient | undefined;
};

/** Resolves every provider at once (a bad configuration stops the boot); talks to none yet. */
export function createOAuthClients(configs: readonly OAuthProviderConfig[]): OAuthClients {
  const clients = new Map<string, OAuthClient>();
  for (const config of configs) {
    const provider = resolveOAuthProvider(config);
    if (clients.has(provider.name)) {
      throw new Error(`OAuth provider "${provider.name}" is configured twice.`);
    }
    clients.set(provider.name, createOAuthClient(provider));
  }
  return { find: (name) => clients.get(name) };
}

function createOAuthClient(provider: OAuthProvider): OAuthClient {
  // Discovery waits for the first sign-in, so a provider that is down at boot stops only its own
  // flows; a failed attempt is forgotten and the next sign-in tries again.
  let pending: Promise<oidc.Configuration> | undefined;
  function configuration(): Promise<oidc.Configuration> {
    pending ??= configure(provider).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  }

  return {
    provider,

    async authorizationUrl(request) {
      const config = await configuration();
      const scopes = [...new Set([...provider.scopes, ...request.customScopes])];
      const params: Record<string, string> = {
        ...request.providerParams,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      };
      if (request.nonce) params.nonce = request.nonce;
      if (provider.responseMode === 'form_post') params.response_mode = 'form_post';
      return oidc.buildAuthorizationUrl(config, params);
    },

    async finish(answer) {
      const config = await configuration();
      const tokens = await oidc
        .authorizationCodeGrant(config, answer.callbackUrl, {
          pkceCodeVerifier: answer.codeVerifier,
          expectedState: answer.state,
          // An OpenID state always holds a nonce; a missing one matches no ID token.
          ...(provider.protocol === 'oidc' ? { expectedNonce: answer.nonce ?? '' } : {}),
        })
        .catch((error: unknown) => {
          throw flowError(error);
        });
      const profile = await readSignedInProfile(config, provider, tokens).catch(
        (error: unknown) => {
          throw flowError(error);
        },
      );
      if (!profile) {
        throw new IdentityError('oauth_auth_code_error', 'The provider did not say who signed in.');
      }
      const expiresIn = tokens.expiresIn();
      return {
        profile,
        accessToken: tokens.access_token,
        idToken: tokens.id_token ?? '',
        scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
        expiresAt:
          expiresIn === undefined
            ? undefined
            : new Date(Date.now() + expiresIn * 1000).toISOString(),
      };
    },
  };
}

async function configure(provider: OAuthProvider): Promise<oidc.Configuration> {
  const auth = clientSecretAuth(provider.clientSecret);
  if (provider.protocol === 'oidc') {
    const issuer = new URL(provider.issuer);
    return oidc.discovery(issuer, provider.clientId, undefined, auth, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
    });
  }
  const authorization = new URL(provider.authorizationEndpoint);
  const config = new oidc.Configuration(
    {
      // Plain OAuth 2 has no issuer; openid-client wants one, and checks none without an ID token.
      issuer: authorization.origin,
      authorization_endpoint: provider.authorizationEndpoint,
      token_endpoint: provider.tokenEndpoint,
      token_endpoint_auth_methods_supported: ['client_secret_post'],
    },
    provider.clientId,
    undefined,
    auth,
  );
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (isLoopback(authorization)) oidc.allowInsecureRequests(config);
  return config;
}

/**
 * HTTP Basic when the provider offers it or names no method (the OpenID Connect default), else
 * the secret in the form body (Apple and GitHub take only that).
 */
function clientSecretAuth(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (server, client, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const useBasic = !methods || methods.includes('client_secret_basic');
    (useBasic ? basic : post)(server, client, body, headers);
  };
}

async function readSignedInProfile(
  config: oidc.Configuration,
  provider: OAuthProvider,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<OAuthProfile | undefined> {
  if (provider.protocol === 'oidc') {
    const claims = tokens.claims();
    if (!claims) return undefined;
    // Some providers put the address only in user info (an ID token need not carry it when an
    // access token can fetch it); openid-client checks the answer is about the same subject.
    const userinfo = config.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
      : {};
    return readProfile({ ...claims, ...userinfo }, OIDC_FIELDS);
  }

  const userinfo = await fetchJson(config, tokens.access_token, provider.userinfoEndpoint);
  if (typeof userinfo !== 'object' || userinfo === null || Array.isArray(userinfo)) {
    return undefined;
  }
  const profile = readProfile(userinfo as Record<string, unknown>, provider.fields);
  if (!profile || !provider.verifiedEmailsEndpoint) return profile;
  const emails = await fetchJson(config, tokens.access_token, provider.verifiedEmailsEndpoint);
  return { ...profile, verifiedEmail: pickVerifiedEmail(emails) };
}

async function fetchJson(
  config: oidc.Configuration,
  accessToken: string,
  url: string,
): Promise<unknown> {
  const response = await oidc.fetchProtectedResource(
    config,
    accessToken,
    new URL(url),
    'GET',
    undefined,
    new Headers({ accept: 'application/json' }),
  );
  if (!response.ok) throw new Error(`user info answered ${response.status}`);
  return response.json();
}

/**
 * Every way the provider's answer can fail, as one protocol error. The provider's own reason
 * stays in `cause` for the log; a person who cancelled at the provider is told so.
 */
function flowError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const cancelled =
    error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
  const identityError = new IdentityError(
    'oauth_auth_code_error',
    cancelled
      ? 'The sign-in was cancelled at the provider.'
      : 'The provider did not complete the sign-in.',
  );
  identityError.cause = error;
  return identityError;
}
