import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityServices } from '../identity-services.ts';
import { startAuthorization, submitAuthorization } from '../idp/authorize.ts';
import { createConnectedApps } from '../idp/connected-apps.ts';
import {
  configuredIssuer,
  DISCOVERY_PATH,
  openIdConfiguration,
  TOKEN_PATH,
  USERINFO_PATH,
} from '../idp/discovery.ts';
import { userClaims, verifyAccessToken } from '../idp/idp-tokens.ts';
import { findLiveSession } from '../idp/live-session.ts';
import { startLogout } from '../idp/logout.ts';
import { OAuthError } from '../idp/oauth-error.ts';
import { redeemAuthorizationCode } from '../idp/redeem-authorization-code.ts';
import { isScopeToken } from '../idp/scopes.ts';
import { readTokenRequest } from '../idp/token-request.ts';
import { sdkRoute } from '../protocol/sdk-route.ts';
import { getProtocolUser } from '../users/protocol-user.ts';

const AuthorizeStartBody = z.object({
  client_id: z.string().min(1).max(128),
  redirect_uri: z.string().min(1).max(2048),
  response_type: z.string().max(64),
  scopes: z.array(z.string().refine(isScopeToken, 'is not a valid scope')).max(64),
  prompt: z.string().max(128).optional(),
});

// `resource` (RFC 8707) is accepted and ignored: tokens are always for the app itself.
const AuthorizeSubmitBody = AuthorizeStartBody.extend({
  consent_granted: z.boolean(),
  state: z.string().max(2048).optional(),
  nonce: z.string().max(512).optional(),
  code_challenge: z.string().max(128).optional(),
});

const LogoutStartBody = z.object({
  client_id: z.string().min(1).max(128),
  post_logout_redirect_uri: z.string().min(1).max(2048),
  state: z.string().max(2048).optional(),
  id_token_hint: z.string().max(8192).optional(),
});

/**
 * The SDK's `idp` calls (mounted under /sdk/v1), which the login page makes when a connected app
 * sends a user there: authorize/start and authorize/submit, and logout/start.
 */
export function registerIdpRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services.options;
  const apps = createConnectedApps(services.options.connectedApps ?? []);

  sdkRoute(app, services, 'POST', '/idp/oauth/authorize/start', AuthorizeStartBody, (call) =>
    startAuthorization(
      { db, apps, project: call.project, sessions: call.sessions },
      call.sessionToken,
      call.body,
    ),
  );

  sdkRoute(app, services, 'POST', '/idp/oauth/authorize/submit', AuthorizeSubmitBody, (call) =>
    submitAuthorization(
      { db, apps, project: call.project, sessions: call.sessions },
      call.sessionToken,
      call.body,
    ),
  );

  sdkRoute(app, services, 'POST', '/oauth/logout/start', LogoutStartBody, (call) =>
    startLogout(
      { apps, keys: services.keys, sessions: call.sessions },
      call.sessionToken,
      call.body,
    ),
  );
}

/**
 * The OpenID provider's endpoints that connected apps call themselves, at the root: the token
 * endpoint, user info and the discovery document. They are called by OAuth client libraries, so
 * they read forms and answer OAuth's errors (RFC 6749 §5.2, RFC 6750 §3), not the SDK's.
 */
export function registerOpenIdProviderRoutes(
  app: FastifyInstance,
  services: IdentityServices,
): void {
  const { db, limits, project: settings } = services.options;
  const apps = createConnectedApps(services.options.connectedApps ?? []);
  const fixedIssuer = configuredIssuer(services.options.openIdProvider);
  const authorizationUrl =
    services.options.openIdProvider?.authorizationUrl ?? settings.defaultLoginRedirectUrl;
  // Single-page apps redeem their codes from the browser; they may read the answers.
  const appOrigins = new Set(
    apps.all
      .flatMap((entry) => entry.redirectUris)
      .map((uri) => new URL(uri).origin)
      .filter((origin) => origin !== 'null'),
  );
  const redeem = {
    db,
    keys: services.keys,
    apps,
    // No longer than a session JWT: see `issueTokens`.
    tokenSeconds: limits.sessionJwtMinutes * 60,
  };

  function issuerOf(request: FastifyRequest): string {
    return fixedIssuer ?? `${request.protocol}://${request.host}`;
  }

  app.register(async (scope: FastifyInstance) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
        },
      );
    }
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return sendOAuthError(
          reply,
          new OAuthError('invalid_request', 'The request could not be read.'),
        );
      }
      request.log.error({ err: error }, 'OpenID provider call failed');
      return sendOAuthError(reply, new OAuthError('server_error', 'Something went wrong.'));
    });
    scope.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin) return;
      if (request.url.split('?')[0] === DISCOVERY_PATH) {
        reply.header('access-control-allow-origin', '*');
      } else if (appOrigins.has(origin)) {
        reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      }
    });

    scope.get(DISCOVERY_PATH, async (request) =>
      openIdConfiguration({ issuer: issuerOf(request), authorizationUrl, apps: apps.all }),
    );

    scope.post(TOKEN_PATH, async (request, reply) => {
      // RFC 6749 §5.1: token answers must never be cached.
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      const tokenRequest = readTokenRequest(request.headers.authorization, request.body);
      return redeemAuthorizationCode(redeem, tokenRequest, issuerOf(request));
    });

    const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) {
        throw new OAuthError('invalid_token', 'Send the access token as a Bearer token.');
      }
      const token = await verifyAccessToken(services.keys, header.slice('Bearer '.length).trim());
      if (!apps.find(token.clientId)) {
        throw new OAuthError('invalid_token', 'The app is no longer connected.');
      }
      if (!token.scopes.includes('openid')) {
        throw new OAuthError('insufficient_scope', 'User info needs the openid scope.');
      }
      if (!(await findLiveSession(db, token.sessionId, token.userId))) {
        throw new OAuthError('invalid_token', 'The user has signed out.');
      }
      const user = await getProtocolUser(db, token.userId).catch(() => {
        throw new OAuthError('invalid_token', 'The user no longer exists.');
      });
      return { sub: user.user_id, ...userClaims(user, token.scopes) };
    };
    // OpenID Connect Core §5.3.1: user info answers GET and POST alike.
    scope.get(USERINFO_PATH, userinfo);
    scope.post(USERINFO_PATH, userinfo);

    const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (origin && appOrigins.has(origin)) {
        reply
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'Authorization, Content-Type')
          .header('access-control-max-age', '600');
      }
      return reply.code(204).send();
    };
    scope.options(TOKEN_PATH, preflight);
    scope.options(USERINFO_PATH, preflight);
  });
}

function sendOAuthError(reply: FastifyReply, error: OAuthError) {
  if (error.code === 'invalid_client') {
    reply.header('www-authenticate', 'Basic realm="connected apps"');
  }
  if (error.code === 'invalid_token' || error.code === 'insufficient_scope') {
    // RFC 6750 §3: the challenge repeats the error; the description is plain ASCII.
    reply.header(
      'www-authenticate',
      `Bearer error="${error.code}", error_description="${error.message.replace(/["\\]/g, '')}"`,
    );
  }
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ error: error.code, error_description: error.message });
}
