/** The firm's sign-in policy (decision 023), kept by its administrators. */
import { z } from 'zod';
import { FirmSignInPolicySchema, SignInPolicySchema } from '../entities/sign-in-policy.ts';
import { IdSchema } from '../fields.ts';
import { defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';

const params = z.object({ id: IdSchema });

export const getSignInPolicy = defineRoute({
  id: 'getSignInPolicy',
  method: 'GET',
  path: '/firms/{id}/sign-in-policy',
  summary: "The firm's sign-in policy and the installation's bounds on it (ADMINISTRATOR)",
  tags: ['firm administration'],
  params,
  responses: { 200: FirmSignInPolicySchema, ...errors(403, 404) },
});

export const replaceSignInPolicy = defineRoute({
  id: 'replaceSignInPolicy',
  method: 'PUT',
  path: '/firms/{id}/sign-in-policy',
  summary:
    "Change the firm's sign-in methods, second-factor roles and session length (ADMINISTRATOR)",
  tags: ['firm administration'],
  params,
  body: SignInPolicySchema,
  responses: { 200: FirmSignInPolicySchema, ...errors(400, 403, 404) },
});
