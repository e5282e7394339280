import { IdentityError } from '../identity-error.ts';
import type { IdentityOptions, ProjectSettings } from '../identity-options.ts';

/** Who the browser is asked to create or use a credential for, and on which page. */
export type RelyingParty = {
  /** Shown by the authenticator. */
  name: string;
  /** The RP ID a credential is scoped to (a hostname); the SDK's `domain`. */
  id: string;
  /** The exact page origin the browser must report in clientDataJSON. */
  origin: string;
};

/** The parts of the service's options the relying party is derived from. */
export type RelyingPartyConfig = Pick<IdentityOptions, 'corsOrigins' | 'webauthn'> & {
  project: Pick<
    ProjectSettings,
    | 'projectName'
    | 'allowedRedirectUrls'
    | 'defaultLoginRedirectUrl'
    | 'defaultResetPasswordRedirectUrl'
  >;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page origins allowed to run a WebAuthn ceremony when `webauthn.origins` is not set: the
 * origins the project already trusts to host its pages, namely the CORS origins (pages that call
 * this service with credentials) and the origins of the redirect URLs (pages our e-mailed links
 * open, which run the SDK). Nothing a caller sends can add to this list.
 */
export function trustedOrigins(options: RelyingPartyConfig): string[] {
  const configured = options.webauthn?.origins;
  if (configured) return configured.flatMap((url) => originOf(url)?.origin ?? []);
  const { project } = options;
  const urls = [
    ...options.corsOrigins,
    ...project.allowedRedirectUrls,
    project.defaultLoginRedirectUrl,
    project.defaultResetPasswordRedirectUrl,
  ];
  return [...new Set(urls.flatMap((url) => originOf(url)?.origin ?? []))];
}

/**
 * Whether a page origin may run a ceremony. Among derived origins a loopback origin stands for
 * every port of its host: dev servers pick their ports, only the machine itself can serve there,
 * and browsers already scope a `localhost` credential to every port alike. Origins configured in
 * `webauthn.origins` match exactly.
 */
export function isTrustedOrigin(options: RelyingPartyConfig, origin: URL): boolean {
  const trusted = trustedOrigins(options);
  if (trusted.includes(origin.origin)) return true;
  if (options.webauthn?.origins || !LOOPBACK_HOSTS.has(origin.hostname)) return false;
  return trusted.some((entry) => {
    const url = new URL(entry);
    return url.protocol === origin.protocol && url.hostname === origin.hostname;
  });
}

/**
 * The relying party for a ceremony started from `pageOrigin` (the SDK's `X-SDK-Parent-Host`,
 * i.e. `window.location.origin`) for `domain` (the SDK's RP ID, by default the page hostname).
 *
 * The origin must be trusted (above). The RP ID must be the page's hostname or, when
 * `webauthn.rpIds` lists it, a parent domain of it: by default no parent domain is accepted,
 * because a credential scoped to a parent works on every sibling subdomain as well.
 */
export function resolveRelyingParty(
  options: RelyingPartyConfig,
  pageOrigin: string | undefined,
  domain: string | undefined,
): RelyingParty {
  const origin = pageOrigin ? originOf(pageOrigin) : undefined;
  if (!origin || !isTrustedOrigin(options, origin)) {
    throw new IdentityError(
      'invalid_webauthn_registration_domain',
      'This page origin is not allowed to use WebAuthn with this project.',
    );
  }
  const id = (domain ?? origin.hostname).toLowerCase();
  const rpIds = options.webauthn?.rpIds;
  const withinPage = origin.hostname === id || origin.hostname.endsWith(`.${id}`);
  const allowed = rpIds
    ? rpIds.some((rpId) => rpId.toLowerCase() === id) && withinPage
    : origin.hostname === id;
  if (!allowed) {
    throw new IdentityError(
      'invalid_webauthn_registration_domain',
      'domain must be the hostname of the page, or an RP ID this project allows for it.',
    );
  }
  return {
    name: options.webauthn?.rpName ?? options.project.projectName,
    id,
    origin: origin.origin,
  };
}
