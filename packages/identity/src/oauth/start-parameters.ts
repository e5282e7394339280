import { IdentityError } from '../identity-error.ts';

/** The query of `/v1/public/oauth/{provider}/start`, as the SDK builds it. */
export type StartParameters = {
  publicToken: string;
  codeChallenge: string | undefined;
  loginRedirectUrl: string | undefined;
  signupRedirectUrl: string | undefined;
  customScopes: string[];
  providerParams: Record<string, string>;
};

/** RFC 6749 scope-token: printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,200}$/;
const MAX_CUSTOM_SCOPES = 20;
/** The SDK's S256 challenge: base64url of a SHA-256 digest, unpadded. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const PARAM_NAME = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_PROVIDER_PARAMS = 10;

/**
 * `provider_<key>` passes a parameter to the provider (`prompt`, `login_hint`, `hd`, …), but
 * never one that carries the flow's own protection or identity.
 */
const RESERVED_PARAMS = new Set([
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'request',
  'request_uri',
]);

/** Reads and checks the start query; a bad one is the app's mistake, so it answers bad_request. */
export function readStartParameters(
  query: URLSearchParams,
  isPkceRequired: boolean,
): StartParameters {
  const publicToken = query.get('public_token');
  if (!publicToken) throw new IdentityError('public_token_not_found');

  const codeChallenge = query.get('code_challenge') || undefined;
  if (codeChallenge === undefined && isPkceRequired) {
    throw new IdentityError('bad_request', 'code_challenge: is required by this project');
  }
  if (codeChallenge !== undefined && !CODE_CHALLENGE.test(codeChallenge)) {
    throw new IdentityError('bad_request', 'code_challenge: must be an S256 challenge');
  }
  // Attaching a provider to a signed-in user (POST /oauth/attach) is not offered; going on
  // without the token would sign the person in on their own instead of attaching.
  if (query.has('oauth_attach_token')) {
    throw new IdentityError('bad_request', 'oauth_attach_token: attaching is not supported');
  }

  const customScopes = (query.get('custom_scopes') ?? '').split(' ').filter(Boolean);
  if (customScopes.length > MAX_CUSTOM_SCOPES || !customScopes.every((s) => SCOPE_TOKEN.test(s))) {
    throw new IdentityError('bad_request', 'custom_scopes: must be at most 20 OAuth scopes');
  }

  const providerParams: Record<string, string> = {};
  for (const [key, value] of query) {
    if (!key.startsWith('provider_')) continue;
    const name = key.slice('provider_'.length);
    if (!PARAM_NAME.test(name) || RESERVED_PARAMS.has(name) || value.length > 500) {
      throw new IdentityError('bad_request', `${key}: cannot be passed to the provider`);
    }
    providerParams[name] = value;
  }
  if (Object.keys(providerParams).length > MAX_PROVIDER_PARAMS) {
    throw new IdentityError('bad_request', 'provider_params: too many parameters');
  }

  return {
    publicToken,
    codeChallenge,
    loginRedirectUrl: query.get('login_redirect_url') || undefined,
    signupRedirectUrl: query.get('signup_redirect_url') || undefined,
    customScopes,
    providerParams,
  };
}
