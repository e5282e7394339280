import type { FastifyRequest } from 'fastify';
import { IdentityError } from './identity-error.ts';
import type { IdentityOptions, ProjectSettings } from './identity-options.ts';

/**
 * The project's settings for a call: as configured, or, with `linksToRequestOrigin`, with the
 * call's own origin allowed and its default pages moved to that origin.
 */
export function projectFor(options: IdentityOptions, request: FastifyRequest): ProjectSettings {
  const { project } = options;
  if (!options.linksToRequestOrigin) return project;
  const origin = `${request.protocol}://${request.host}`;
  const onOrigin = (url: string) => {
    const page = new URL(url);
    return new URL(`${page.pathname}${page.search}`, origin).toString();
  };
  return {
    ...project,
    allowedRedirectUrls: [origin, ...project.allowedRedirectUrls],
    defaultLoginRedirectUrl: onOrigin(project.defaultLoginRedirectUrl),
    defaultResetPasswordRedirectUrl: onOrigin(project.defaultResetPasswordRedirectUrl),
  };
}

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
