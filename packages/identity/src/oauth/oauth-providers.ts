import { KNOWN_OAUTH_PROVIDERS, type ProfileFields } from './known-oauth-providers.ts';

/**
 * One OAuth provider a project signs people in with. A known `name` (google, microsoft, apple,
 * gitlab, salesforce, slack, linkedin, yahoo, github, discord) needs only the client's id and
 * secret; any other name needs an OpenID Connect `issuer`, or the three endpoints of a plain
 * OAuth 2 provider (whose user-info answer must carry `sub` or `id`).
 */
export type OAuthProviderConfig = {
  /** The `{provider}` of `/v1/public/oauth/{provider}/start`, e.g. `google`. */
  name: string;
  clientId: string;
  clientSecret: string;
  /** An OpenID Connect issuer, found by discovery; overrides a known provider's. */
  issuer?: string;
  /** Replaces the provider's default scopes; `openid` is always added for OIDC. */
  scopes?: readonly string[];
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  /** For a plain OAuth 2 provider: where its user-info answer keeps each fact. */
  profileFields?: ProfileFields;
};

/** A provider with everything needed to run its flow. */
export type OAuthProvider =
  | {
      protocol: 'oidc';
      name: string;
      clientId: string;
      clientSecret: string;
      issuer: string;
      scopes: readonly string[];
      responseMode: 'query' | 'form_post';
    }
  | {
      protocol: 'oauth2';
      name: string;
      clientId: string;
      clientSecret: string;
      authorizationEndpoint: string;
      tokenEndpoint: string;
      userinfoEndpoint: string;
      verifiedEmailsEndpoint: string | undefined;
      scopes: readonly string[];
      fields: ProfileFields;
      responseMode: 'query';
    };

/**
 * The name becomes part of a URL, of the factor's `delivery_method` (`oauth_<name>`) and of its
 * key (`<name>_oauth_factor`), so it stays a plain lower-case identifier.
 */
const PROVIDER_NAME = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * A configuration made whole from the known table. A mistake here is the operator's, found at
 * boot, so it throws a plain Error that stops the service from starting.
 */
export function resolveOAuthProvider(config: OAuthProviderConfig): OAuthProvider {
  const { name, clientId, clientSecret } = config;
  if (!PROVIDER_NAME.test(name)) {
    throw new Error(`OAuth provider name "${name}" must match ${PROVIDER_NAME}.`);
  }
  if (!clientId || !clientSecret) {
    throw new Error(`OAuth provider "${name}" needs a clientId and a clientSecret.`);
  }
  const known = KNOWN_OAUTH_PROVIDERS[name];
  const hasEndpoints = Boolean(
    config.authorizationEndpoint || config.tokenEndpoint || config.userinfoEndpoint,
  );

  if (config.issuer && hasEndpoints) {
    throw new Error(`OAuth provider "${name}": give an issuer or endpoints, not both.`);
  }
  if (config.issuer || (!hasEndpoints && known?.protocol === 'oidc')) {
    const issuer = config.issuer ?? (known?.protocol === 'oidc' ? known.issuer : '');
    checkUrl(name, 'issuer', issuer);
    const defaults = known?.protocol === 'oidc' ? known.scopes : ['openid', 'email', 'profile'];
    return {
      protocol: 'oidc',
      name,
      clientId,
      clientSecret,
      issuer,
      scopes: withScope(config.scopes ?? defaults, 'openid'),
      // A configured issuer may be any provider, so Apple's POST answer is kept for Apple only.
      responseMode:
        known?.protocol === 'oidc' && !config.issuer && known.responseMode
          ? known.responseMode
          : 'query',
    };
  }

  const base = known?.protocol === 'oauth2' ? known : undefined;
  const authorizationEndpoint = config.authorizationEndpoint ?? base?.authorizationEndpoint;
  const tokenEndpoint = config.tokenEndpoint ?? base?.tokenEndpoint;
  const userinfoEndpoint = config.userinfoEndpoint ?? base?.userinfoEndpoint;
  if (!authorizationEndpoint || !tokenEndpoint || !userinfoEndpoint) {
    throw new Error(
      `OAuth provider "${name}" is not a known provider: give it an issuer, or an authorizationEndpoint, tokenEndpoint and userinfoEndpoint.`,
    );
  }
  checkUrl(name, 'authorizationEndpoint', authorizationEndpoint);
  checkUrl(name, 'tokenEndpoint', tokenEndpoint);
  checkUrl(name, 'userinfoEndpoint', userinfoEndpoint);
  // Endpoints of the project's own choosing may belong to another service than GitHub's.
  const keepsKnownUserinfo = base !== undefined && !config.userinfoEndpoint;
  return {
    protocol: 'oauth2',
    name,
    clientId,
    clientSecret,
    authorizationEndpoint,
    tokenEndpoint,
    userinfoEndpoint,
    verifiedEmailsEndpoint: keepsKnownUserinfo ? base.verifiedEmailsEndpoint : undefined,
    scopes: config.scopes ?? base?.scopes ?? [],
    fields: config.profileFields ?? (keepsKnownUserinfo ? base.fields : { subject: 'sub' }),
    responseMode: 'query',
  };
}

function withScope(scopes: readonly string[], required: string): readonly string[] {
  return scopes.includes(required) ? scopes : [required, ...scopes];
}

function checkUrl(name: string, field: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`OAuth provider "${name}": ${field} is not a URL.`);
  }
  if (url.protocol !== 'https:' && !isLoopback(url)) {
    throw new Error(`OAuth provider "${name}": ${field} must use https.`);
  }
}

/**
 * Plain http is accepted only for a provider on this machine (a development or test provider):
 * nothing on the network can read or change that traffic.
 */
export function isLoopback(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    (url.hostname === 'localhost' ||
      url.hostname === '[::1]' ||
      /^127(\.\d{1,3}){3}$/.test(url.hostname))
  );
}
