/**
 * Scopes a connected app may ask for. Without a list of its own an app may have `openid`,
 * `email` and `profile`: enough to sign a person in and greet them. `phone` and custom scopes
 * must be listed on purpose. `offline_access` is never offered, because it asks for a refresh
 * token and this service issues none.
 */
export const DEFAULT_CONNECTED_APP_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

export const OFFLINE_ACCESS = 'offline_access';

/** RFC 6749 §3.3 scope-token: printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/;

export function isScopeToken(scope: string): boolean {
  return SCOPE_TOKEN.test(scope);
}

/** What the consent screen says each standard scope lets the app do. */
const STANDARD_SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: 'Verify your identity',
  email: 'View your email address',
  profile: 'View your name',
  phone: 'View your phone number',
  [OFFLINE_ACCESS]: "Keep access to your data when you're not using the app",
};

export type ScopeResult = { scope: string; is_grantable: boolean; description: string };

/** Each requested scope once, in the order asked, with whether this app may be granted it. */
export function scopeResultsFor(
  allowed: ReadonlySet<string>,
  requested: readonly string[],
): ScopeResult[] {
  return [...new Set(requested)].map((scope) => ({
    scope,
    is_grantable: allowed.has(scope),
    description: STANDARD_SCOPE_DESCRIPTIONS[scope] ?? `Use the ${scope} scope`,
  }));
}

/** The requested scopes the app may have; the others are left out of the grant, not refused. */
export function grantableScopes(
  allowed: ReadonlySet<string>,
  requested: readonly string[],
): string[] {
  return scopeResultsFor(allowed, requested)
    .filter((result) => result.is_grantable)
    .map((result) => result.scope);
}
