import { constantTimeEqual, hashSecret } from '../crypto/tokens.ts';
import { IdentityError } from '../identity-error.ts';
import { DEFAULT_CONNECTED_APP_SCOPES, isScopeToken, OFFLINE_ACCESS } from './scopes.ts';

/** An app that signs its users in through this service, as OAuth 2.0 / OpenID Connect client. */
export type ConnectedAppConfig = {
  clientId: string;
  /**
   * Makes the app a confidential client, which authenticates at the token endpoint
   * (client_secret_basic or client_secret_post). Without one the app is a public client (a
   * single-page or native app) and must use PKCE instead.
   */
  clientSecret?: string;
  /** Shown on the consent screen. */
  name: string;
  description?: string;
  logoUrl?: string;
  /** Where the browser may be sent back with a code; compared exactly, as OAuth 2.1 asks. */
  redirectUris: readonly string[];
  /** Where the browser may be sent after signing out (RP-initiated logout); none by default. */
  postLogoutRedirectUris?: readonly string[];
  /** Our own apps: the user is never asked to consent. */
  firstParty: boolean;
  /** The scopes the app may be granted; default `openid email profile` (see `scopes.ts`). */
  scopes?: readonly string[];
};

/** How connected apps find this provider. */
export type OpenIdProviderSettings = {
  /**
   * The issuer (`iss`) of ID and access tokens, and the base of the discovery document: the
   * service's public origin, e.g. `https://id.example.com`. Default: the origin each request
   * arrived at, which is right only when every client reaches the service by one name.
   */
  issuer?: string;
  /**
   * The page that runs the SDK's `idp` calls, which the discovery document names as the
   * authorization endpoint. Default: the project's login page (`defaultLoginRedirectUrl`).
   */
  authorizationUrl?: string;
};

export type ConnectedApp = {
  clientId: string;
  clientType: 'confidential' | 'public';
  name: string;
  description: string;
  logoUrl: string | undefined;
  redirectUris: readonly string[];
  postLogoutRedirectUris: readonly string[];
  firstParty: boolean;
  scopes: ReadonlySet<string>;
  /** Whether `secret` is this app's client secret, in time that does not depend on how close. */
  hasSecret(secret: string): boolean;
};

export type ConnectedApps = {
  readonly all: readonly ConnectedApp[];
  /** The app with this client id, or connected_app_not_found. */
  get(clientId: string): ConnectedApp;
  find(clientId: string): ConnectedApp | undefined;
};

/** Client ids travel in URLs and Basic credentials; keep them plain. */
const CLIENT_ID = /^[A-Za-z0-9._~-]{1,128}$/;
/** A shorter secret could be guessed by trying; 32 characters of base64 is 192 bits. */
const MIN_SECRET_LENGTH = 32;

/**
 * The configured apps, checked once at boot. A mistake here is the operator's, so it throws a
 * plain Error that stops the service from starting rather than failing a user later.
 */
export function createConnectedApps(configs: readonly ConnectedAppConfig[]): ConnectedApps {
  const apps = configs.map(resolveConnectedApp);
  const byId = new Map<string, ConnectedApp>();
  for (const app of apps) {
    if (byId.has(app.clientId))
      throw new Error(`Connected app "${app.clientId}" is configured twice.`);
    byId.set(app.clientId, app);
  }
  return {
    all: apps,
    find: (clientId) => byId.get(clientId),
    get(clientId) {
      const app = byId.get(clientId);
      if (!app) throw new IdentityError('connected_app_not_found');
      return app;
    },
  };
}

export function resolveConnectedApp(config: ConnectedAppConfig): ConnectedApp {
  const label = `Connected app "${config.clientId}"`;
  if (!CLIENT_ID.test(config.clientId)) {
    throw new Error(`${label}: clientId may hold only letters, digits and ._~- (1-128).`);
  }
  if (config.name.trim() === '') throw new Error(`${label}: name is empty.`);
  if (config.clientSecret !== undefined && config.clientSecret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${label}: clientSecret must be at least ${MIN_SECRET_LENGTH} characters.`);
  }
  if (config.redirectUris.length === 0) throw new Error(`${label}: redirectUris is empty.`);
  for (const uri of [...config.redirectUris, ...(config.postLogoutRedirectUris ?? [])]) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new Error(`${label}: redirect URI ${uri} ${problem}.`);
  }
  if (config.logoUrl !== undefined && !/^https?:\/\//.test(config.logoUrl)) {
    throw new Error(`${label}: logoUrl must be an http(s) URL.`);
  }
  const scopes = config.scopes ?? DEFAULT_CONNECTED_APP_SCOPES;
  for (const scope of scopes) {
    if (!isScopeToken(scope)) throw new Error(`${label}: "${scope}" is not a valid scope.`);
    if (scope === OFFLINE_ACCESS) {
      throw new Error(`${label}: offline_access needs refresh tokens, which are not issued.`);
    }
  }
  // Compared as digests so the comparison takes the same time whatever the length guessed.
  const secretDigest = config.clientSecret ? hashSecret(config.clientSecret) : undefined;
  return {
    clientId: config.clientId,
    clientType: secretDigest ? 'confidential' : 'public',
    name: config.name,
    description: config.description ?? '',
    logoUrl: config.logoUrl,
    redirectUris: [...config.redirectUris],
    postLogoutRedirectUris: [...(config.postLogoutRedirectUris ?? [])],
    firstParty: config.firstParty,
    scopes: new Set(scopes),
    hasSecret: (secret) =>
      secretDigest !== undefined && constantTimeEqual(hashSecret(secret), secretDigest),
  };
}

/**
 * Why a registered redirect URI is unsafe, if it is: it must be absolute and without fragment
 * (RFC 6749 §3.1.2); plain http only to this machine (RFC 8252 §7.3), and never a scheme that
 * runs code in the page. Native apps' own schemes (`com.example.app:/callback`) are allowed.
 */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash !== '' || uri.includes('#')) return 'has a fragment';
  if (['javascript:', 'data:', 'vbscript:', 'file:', 'blob:'].includes(url.protocol)) {
    return `uses the ${url.protocol} scheme`;
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return 'uses http for a host other than this machine';
  }
  return undefined;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The registered URI equal to `uri`, character for character, or the refusal. */
export function checkRedirectUri(registered: readonly string[], uri: string): string {
  if (!registered.includes(uri)) {
    throw new IdentityError('connected_app_supplied_redirect_url_not_found_in_client');
  }
  return uri;
}
