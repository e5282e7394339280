import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a page of the server may load and run. The web app is Vite's build, whose scripts and
 * styles are files of this origin, and it talks only to this origin (`/config.json` names the
 * api and the identity service here, docs/architecture.md "Requests"); what it does beyond that
 * is named below. The browser tests fail on any violation
 * (apps/web/e2e/support/content-security-policy.ts).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix's dialogs and the toasts insert <style> elements at run time, some with figures
  // measured then (the scroll bar's width), so no hash can name them. Styles cannot run code,
  // and with every other source held to this origin they cannot send anything elsewhere.
  "style-src 'self' 'unsafe-inline'",
  // The firm's logo is shown from a blob: URL of the bytes the api answered; the api reference
  // (/api/docs) draws its icons from data: URLs.
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // Older browsers' frame-ancestors.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Addresses carry portfolio ids, comparisons and one-time sign-in tokens; nothing needs them.
  'referrer-policy': 'no-referrer',
} as const;

/** A year, the longest browsers take seriously short of a preload list. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export type SecurityHeaders = {
  /** Sets the headers on `reply` where the answer has not set its own. */
  setOn(request: FastifyRequest, reply: FastifyReply): void;
};

/**
 * The headers above, on an answer that has not set its own (the firm's logo, the demo outbox and
 * the OAuth redirects set stricter ones), and Strict-Transport-Security on an answer to a request
 * made over https: the connection's own, the proxy's `X-Forwarded-Proto` when TRUST_PROXY says to
 * believe it, or any request once PUBLIC_URL says browsers use https (a browser heeds the header
 * only over https, so a plain request that gets it is told nothing).
 */
export function securityHeaders(options: { publicUrl: string | undefined }): SecurityHeaders {
  const isPublicHttps = options.publicUrl?.startsWith('https://') ?? false;
  return {
    setOn(request, reply) {
      for (const [name, value] of Object.entries(HEADERS)) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      const cameOverHttps = isPublicHttps || request.protocol === 'https';
      if (cameOverHttps && !reply.hasHeader('strict-transport-security')) {
        reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
      }
    },
  };
}

/** Sets `headers` on every answer of `app` that goes through its hooks. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    headers.setOn(request, reply);
    done(null, payload);
  });
}
