import { getSignInPolicy, replaceSignInPolicy as replaceRoute } from '@ballast/contract';
import type { FastifyInstance } from 'fastify';
import { readSignInPolicy, replaceSignInPolicy } from '../administration/sign-in-policy.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';

/** The firm's sign-in policy (decision 023). */
export function registerSignInPolicyRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, signIn } = context;

  apiRoute(app, context, getSignInPolicy, ({ params, caller }) =>
    readSignInPolicy(db, caller, params.id, signIn),
  );

  apiRoute(app, context, replaceRoute, ({ params, body, caller }) =>
    replaceSignInPolicy(db, caller, params.id, body, signIn),
  );
}
