import { IdentityError } from './identity-error.ts';
import type { ProjectSettings } from './identity-options.ts';

/**
 * The URL a link in an e-mail will open: the one the call named, if it is on the allow-list, or
 * the project's default. A URL off the list is refused, so nobody can have us mail a link that
 * carries a token to a site of their choosing.
 */
export function redirectUrl(
  project: ProjectSettings,
  requested: string | undefined,
  fallback: string,
): string {
  const url = requested ?? fallback;
  const allowed = project.allowedRedirectUrls.some((prefix) => isUnder(url, prefix));
  if (!allowed) throw new IdentityError('invalid_redirect_url');
  return url;
}

function isUnder(url: string, prefix: string): boolean {
  let candidate: URL;
  let base: URL;
  try {
    candidate = new URL(url);
    base = new URL(prefix);
  } catch {
    return false;
  }
  return (
    candidate.origin === base.origin &&
    (candidate.pathname === base.pathname ||
      candidate.pathname.startsWith(
        base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`,
      ))
  );
}

/** The link the SDK reads back: `?stytch_token_type=…&token=…`, keeping the URL's own query. */
export function linkWithToken(url: string, tokenType: string, token: string): string {
  const link = new URL(url);
  link.searchParams.set('stytch_token_type', tokenType);
  link.searchParams.set('token', token);
  return link.toString();
}
