import cors from '@fastify/cors';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { IdentityOptions } from './identity-options.ts';
import { createIdentityServices, type IdentityServices } from './identity-services.ts';
import { registerSdkErrorHandling } from './protocol/error-handling.ts';
import { registerAdminRoutes } from './routes/admin-routes.ts';
import { registerCryptoWalletRoutes } from './routes/crypto-wallet-routes.ts';
import { registerIdpRoutes, registerOpenIdProviderRoutes } from './routes/idp-routes.ts';
import { registerImpersonationRoutes } from './routes/impersonation-routes.ts';
import { registerMagicLinkRoutes } from './routes/magic-link-routes.ts';
import { registerOAuthRedirectRoutes, registerOAuthRoutes } from './routes/oauth-routes.ts';
import { registerOtpRoutes } from './routes/otp-routes.ts';
import { registerPasswordRoutes } from './routes/password-routes.ts';
import { registerJwksRoutes, registerProjectRoutes } from './routes/project-routes.ts';
import { registerSearchRoutes } from './routes/search-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { registerTotpRoutes } from './routes/totp-routes.ts';
import { registerUserRoutes } from './routes/user-routes.ts';
import { registerWebauthnRoutes } from './routes/webauthn-routes.ts';

export type IdentityPluginOptions = IdentityOptions & {
  /** Receives the services once built, so the host can seed projects and users through them. */
  onReady?: (services: IdentityServices) => void;
};

/**
 * The identity service as one Fastify plugin, registered at the root: the SDK protocol under
 * `/sdk/v1`, and the JWKS at `/v1/sessions/jwks/{project_id}` and `/.well-known/jwks.json`.
 */
export const buildIdentity: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  const services = createIdentityServices(options, (message) => app.log.error(message));
  options.onReady?.(services);
  // A link or code asked for just before shutdown is still issued and sent.
  app.addHook('onClose', () => services.afterAnswer.settled());

  await app.register(
    async (sdk: FastifyInstance) => {
      await sdk.register(cors, {
        origin: [...options.corsOrigins],
        credentials: true,
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'X-SDK-Client', 'X-SDK-Parent-Host'],
        maxAge: 600,
      });
      acceptEmptyJsonBodies(sdk);
      registerSdkErrorHandling(sdk);
      registerProjectRoutes(sdk, services);
      registerSessionRoutes(sdk, services);
      registerSearchRoutes(sdk, services);
      registerUserRoutes(sdk, services);
      registerPasswordRoutes(sdk, services);
      registerMagicLinkRoutes(sdk, services);
      registerOtpRoutes(sdk, services);
      registerOAuthRoutes(sdk, services);
      registerCryptoWalletRoutes(sdk, services);
      registerImpersonationRoutes(sdk, services);
      registerWebauthnRoutes(sdk, services);
      registerTotpRoutes(sdk, services);
      registerIdpRoutes(sdk, services);
    },
    { prefix: '/sdk/v1' },
  );
  registerJwksRoutes(app, services);
  registerAdminRoutes(app, services);
  registerOAuthRedirectRoutes(app, services);
  registerOpenIdProviderRoutes(app, services);
};

/** The SDK sends `Content-Type: application/json` on calls without a body, such as revoke. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(
          Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }),
          undefined,
        );
      }
    },
  );
}
