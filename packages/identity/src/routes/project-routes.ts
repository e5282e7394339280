import { schema } from '@ballast/db';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { sdkRoute } from '../protocol/sdk-route.ts';

const { identityEvents } = schema;

/** Telemetry kept per service; older events are dropped as new ones arrive. */
const MAX_STORED_EVENTS = 10_000;
const MAX_EVENTS_PER_BATCH = 100;

export function registerProjectRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { project: settings, db } = services.options;

  sdkRoute(app, services, 'GET', '/projects/bootstrap/:public_token', z.unknown(), async (call) => {
    if (call.params.public_token !== call.project.publicToken)
      throw new IdentityError('public_token_not_found');
    const policy = settings.passwordPolicy;
    return {
      project_name: settings.projectName,
      disable_sdk_watermark: true,
      cname_domain: null,
      email_domains: settings.emailDomains,
      captcha_settings: { enabled: false },
      pkce_required_for_email_magic_links: settings.pkceRequiredForEmailMagicLinks,
      pkce_required_for_password_resets: settings.pkceRequiredForPasswordResets,
      pkce_required_for_oauth: settings.pkceRequiredForOAuth,
      pkce_required_for_sso: false,
      slug_pattern: null,
      create_organization_enabled: false,
      password_config:
        policy.kind === 'luds'
          ? { luds_complexity: policy.complexity, luds_minimum_count: policy.minimumCount }
          : null,
      dfp_protected_auth_enabled: false,
      dfp_protected_auth_mode: 'OBSERVATION',
      rbac_policy: null,
      siwe_required_for_crypto_wallets: true,
      vertical: 'CONSUMER',
    };
  });

  // The SDK posts telemetry without its Authorization header; each event names its public token.
  app.post('/events', async (request) => {
    const batch: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
    await services.rates.hit(`events:${request.ip}`, 120, 60);
    const first = batch[0] as { event?: { public_token?: unknown } } | undefined;
    const publicToken = first?.event?.public_token;
    if (typeof publicToken !== 'string')
      return { data: { status_code: 200, request_id: request.id } };
    const project = await services.projects.byPublicToken(publicToken);
    const events = batch
      .slice(0, MAX_EVENTS_PER_BATCH)
      .filter((event) => JSON.stringify(event).length <= 8192);
    if (events.length > 0) {
      await db
        .insert(identityEvents)
        .values(events.map((event) => ({ projectId: project.id, event })));
      await db
        .delete(identityEvents)
        .where(
          lt(
            identityEvents.id,
            sql`(select coalesce(max(${identityEvents.id}), 0) - ${MAX_STORED_EVENTS} from ${identityEvents})`,
          ),
        );
    }
    return { data: { status_code: 200, request_id: request.id } };
  });
}

/** The public keys that verify session JWTs, at both places verifiers look for them. */
export function registerJwksRoutes(app: FastifyInstance, services: IdentityServices): void {
  const send = async () => services.keys.published();
  app.get('/v1/sessions/jwks/:project_id', async (request, reply) => {
    const { project_id: projectId } = request.params as { project_id: string };
    await services.projects.byId(projectId).catch(() => {
      throw new IdentityError('not_found');
    });
    reply.header('cache-control', 'public, max-age=300');
    return send();
  });
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return send();
  });
}
