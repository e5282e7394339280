import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { randomToken } from '../crypto/tokens.ts';
import { IDENTITY_ERRORS, IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { findOrCreateOAuthAccount } from '../oauth/oauth-accounts.ts';
import { createOAuthClients } from '../oauth/oauth-client.ts';
import {
  OAUTH_TOKEN_MINUTES,
  OAuthTokenDetails,
  saveOAuthState,
  takeOAuthState,
} from '../oauth/oauth-state.ts';
import { readStartParameters } from '../oauth/start-parameters.ts';
import { claimToken, findLiveToken, issueToken } from '../one-time-tokens.ts';
import { registerSdkErrorHandling } from '../protocol/error-handling.ts';
import { sdkRoute } from '../protocol/sdk-route.ts';
import { linkWithToken, projectFor, redirectUrl } from '../redirect-urls.ts';
import { factor } from '../sessions/authentication-factor.ts';
import { sdkExtras, sessionMinutesField } from './fields.ts';
import { checkPkce } from './password-routes.ts';

const PREFIX = '/v1/public/oauth';

/**
 * The browser's side of OAuth, outside `/sdk/v1` as the SDK expects it: the start, which sends
 * the browser to the provider, and the callback the provider sends it back to. Both are page
 * navigations, not API calls, so neither takes the SDK's Authorization header.
 */
export function registerOAuthRedirectRoutes(
  app: FastifyInstance,
  services: IdentityServices,
): void {
  const { db, project: settings } = services.options;
  const clients = createOAuthClients(services.options.oauthProviders ?? []);

  app.register(
    async (scope) => {
      // A start that fails is the app's mistake (a provider not configured, a URL off the
      // allow-list), shown to its developer in the protocol's JSON like any SDK call.
      registerSdkErrorHandling(scope);
      // Apple answers the callback with a form POST.
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
        },
      );

      scope.get('/:provider/start', async (request, reply) => {
        await services.rates.hit(`oauth:start:${request.ip}`, 60, 60);
        const query = readStartParameters(queryOf(request), settings.pkceRequiredForOAuth);
        const project = await services.projects.byPublicToken(query.publicToken);
        const { provider } = request.params as { provider: string };
        const client = clients.find(provider);
        if (!client) throw new IdentityError('oauth_config_not_found');
        const links = projectFor(services.options, request);
        const loginRedirectUrl = redirectUrl(
          links,
          query.loginRedirectUrl,
          links.defaultLoginRedirectUrl,
        );
        // Naming only the login URL means "bring everyone back here", new users included.
        const signupRedirectUrl = redirectUrl(links, query.signupRedirectUrl, loginRedirectUrl);

        const state = randomToken();
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const nonce = client.provider.protocol === 'oidc' ? oidc.randomNonce() : undefined;
        const callbackUrl = `${request.protocol}://${request.host}${PREFIX}/callback`;
        const authorizationUrl = await client
          .authorizationUrl({
            redirectUri: callbackUrl,
            state,
            nonce,
            codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
            customScopes: query.customScopes,
            providerParams: query.providerParams,
          })
          .catch((error: unknown) => {
            request.log.error(
              { provider, reason: error instanceof Error ? error.message : 'unknown' },
              'the OAuth provider could not be reached',
            );
            throw new IdentityError(
              'internal_server_error',
              'The sign-in provider could not be reached. Please try again later.',
            );
          });
        await saveOAuthState(db, services.box, project, {
          state,
          provider,
          loginRedirectUrl,
          signupRedirectUrl,
          callbackUrl,
          codeChallenge: query.codeChallenge,
          codeVerifier,
          nonce,
        });
        return reply.header('cache-control', 'no-store').redirect(authorizationUrl.href, 302);
      });

      scope.route({
        method: ['GET', 'POST'],
        url: '/callback',
        handler: async (request, reply) => {
          const answer =
            request.method === 'POST' && request.body instanceof URLSearchParams
              ? request.body
              : queryOf(request);
          // Until the state is known there is no URL of the app's to go back to but the default.
          let errorUrl = projectFor(services.options, request).defaultLoginRedirectUrl;
          try {
            await services.rates.hit(`oauth:callback:${request.ip}`, 60, 60);
            const stateParam = answer.get('state');
            if (!stateParam) throw new IdentityError('oauth_invalid_callback_request');
            const state = await takeOAuthState(db, services.box, stateParam);
            if (!state) throw new IdentityError('oauth_invalid_state');
            errorUrl = state.login_redirect_url;
            const client = clients.find(state.provider);
            if (!client) throw new IdentityError('oauth_config_not_found');
            const project = await services.projects.byId(state.projectId);

            const callbackUrl = new URL(state.callback_url);
            for (const [key, value] of answer) callbackUrl.searchParams.append(key, value);
            const result = await client.finish({
              callbackUrl,
              state: stateParam,
              nonce: state.nonce,
              codeVerifier: state.codeVerifier,
            });
            const account = await findOrCreateOAuthAccount(
              db,
              project,
              state.provider,
              result.profile,
              (userId) => services.sessionsOf(project).revokeAllOf(userId),
            );

            const token = randomToken();
            const details: OAuthTokenDetails = {
              provider: state.provider,
              registration_id: account.registrationId,
              provider_subject: result.profile.subject,
              ...(account.emailId ? { email_id: account.emailId } : {}),
              profile_picture_url: result.profile.pictureUrl,
              locale: result.profile.locale,
              scopes: result.scopes,
              ...(result.expiresAt ? { expires_at: result.expiresAt } : {}),
              sealed_access_token: services.box.seal(result.accessToken),
              sealed_id_token: services.box.seal(result.idToken),
            };
            await issueToken(db, project, {
              kind: 'oauth',
              secret: token,
              minutes: OAUTH_TOKEN_MINUTES,
              userId: account.userId,
              ...(state.codeChallenge ? { codeChallenge: state.codeChallenge } : {}),
              details,
            });
            const target = account.isNew ? state.signup_redirect_url : state.login_redirect_url;
            return sendBrowserTo(reply, linkWithToken(target, 'oauth', token));
          } catch (error) {
            return sendBrowserTo(reply, errorLink(request, errorUrl, error));
          }
        },
      });
    },
    { prefix: PREFIX },
  );
}

/** `POST /oauth/authenticate`: trades the token of the callback's redirect for a session. */
export function registerOAuthRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services.options;

  sdkRoute(
    app,
    services,
    'POST',
    '/oauth/authenticate',
    z.object({
      token: z.string().min(1).max(512),
      session_duration_minutes: sessionMinutesField,
      code_verifier: z.string().optional(),
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`oauth:redeem:${call.context.ipAddress}`, 60, 60);
      const token = await findLiveToken(db, call.project, 'oauth', call.body.token);
      if (!token?.userId) throw new IdentityError('oauth_token_not_found');
      // Checked before the token is used up, so a browser without the verifier cannot burn it.
      checkPkce(token, call.body.code_verifier);
      const details = OAuthTokenDetails.parse(token.details);
      if (!(await claimToken(db, token.id))) throw new IdentityError('oauth_token_not_found');

      const grant = await call.sessions.signIn({
        userId: token.userId,
        factor: factor('oauth', `oauth_${details.provider}`, {
          [`${details.provider}_oauth_factor`]: {
            id: details.registration_id,
            provider_subject: details.provider_subject,
            ...(details.email_id ? { email_id: details.email_id } : {}),
          },
        }),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: call.sessionToken,
        context: call.context,
      });
      return {
        ...grant,
        provider_subject: details.provider_subject,
        provider_type: details.provider,
        profile_picture_url: details.profile_picture_url,
        locale: details.locale,
        oauth_user_registration_id: details.registration_id,
        provider_values: {
          access_token: services.box.open(details.sealed_access_token),
          id_token: services.box.open(details.sealed_id_token),
          // A refresh token would let a script in the page act at the provider for months.
          refresh_token: '',
          scopes: details.scopes,
          expires_at: details.expires_at ?? '',
        },
      };
    },
  );
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
}

/**
 * A failed callback goes back to the app's login page with the error in the query
 * (`stytch_token_type=oauth&error=…&error_description=…`, no `token`), because the person is in
 * the middle of signing in and the app can offer another way; a JSON page would strand them.
 * The URL is the allow-listed one the start recorded, or the project's default.
 */
function errorLink(request: FastifyRequest, url: string, error: unknown): string {
  const known = error instanceof IdentityError ? error : undefined;
  if (!known || known.status >= 500) {
    request.log.error({ err: error }, 'the OAuth callback failed');
  } else if (known.cause instanceof Error) {
    // The provider's reason helps whoever runs the service; it carries no code or token.
    request.log.warn({ reason: known.cause.message }, `OAuth callback: ${known.errorType}`);
  }
  const errorType = known?.errorType ?? 'internal_server_error';
  const link = new URL(url);
  link.searchParams.set('stytch_token_type', 'oauth');
  link.searchParams.set('error', errorType);
  link.searchParams.set('error_description', known?.message ?? IDENTITY_ERRORS[errorType].message);
  return link.toString();
}

/** The token travels in the Location, so neither the page nor a cache may keep or leak it. */
function sendBrowserTo(reply: FastifyReply, location: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, 302);
}
