import { SESSION_JWT_ALGORITHM } from '../sessions/signing-keys.ts';
import type { ConnectedApp, OpenIdProviderSettings } from './connected-apps.ts';
import { redirectUriProblem } from './connected-apps.ts';

export const TOKEN_PATH = '/v1/oauth2/token';
export const USERINFO_PATH = '/v1/oauth2/userinfo';
export const JWKS_PATH = '/.well-known/jwks.json';
export const DISCOVERY_PATH = '/.well-known/openid-configuration';

/** The configured issuer without a trailing slash, checked at boot. */
export function configuredIssuer(settings: OpenIdProviderSettings | undefined): string | undefined {
  if (settings?.issuer === undefined) return undefined;
  const issuer = settings.issuer.replace(/\/+$/, '');
  const problem = redirectUriProblem(issuer);
  // OpenID Connect Discovery §3: an https URL (http only for this machine), no query.
  if (problem || issuer.includes('?') || !/^https?:/.test(issuer)) {
    throw new Error(`openIdProvider.issuer ${settings.issuer} must be an https URL without query.`);
  }
  return issuer;
}

/** OpenID Connect Discovery 1.0 §3: what a client library needs to use this provider. */
export function openIdConfiguration(input: {
  issuer: string;
  authorizationUrl: string;
  apps: readonly ConnectedApp[];
}) {
  const scopes = new Set<string>(['openid']);
  for (const app of input.apps) for (const scope of app.scopes) scopes.add(scope);
  return {
    issuer: input.issuer,
    authorization_endpoint: input.authorizationUrl,
    token_endpoint: `${input.issuer}${TOKEN_PATH}`,
    userinfo_endpoint: `${input.issuer}${USERINFO_PATH}`,
    jwks_uri: `${input.issuer}${JWKS_PATH}`,
    // The SDK's logout flow runs on the same page as its authorize flow.
    end_session_endpoint: input.authorizationUrl,
    scopes_supported: [...scopes].sort(),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [SESSION_JWT_ALGORITHM],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
    prompt_values_supported: ['none', 'consent'],
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'sid',
      'email',
      'email_verified',
      'name',
      'given_name',
      'middle_name',
      'family_name',
      'picture',
      'phone_number',
      'phone_number_verified',
    ],
  };
}
