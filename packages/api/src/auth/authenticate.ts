import type { AdvisorRole } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import type { SessionVerifier } from './session-verifier.ts';

const { advisors, identityEmails } = schema;

/** The signed-in advisor behind a request. Every query of the api is scoped by `firmId`. */
export type Caller = {
  advisorId: string;
  firmId: string;
  role: AdvisorRole;
  email: string;
};

const SECOND_FACTOR_CLAIM = 'https://ballast.app/second_factor';

/**
 * Reads `Authorization: Bearer <session_jwt>`, verifies it, and finds the advisor whose e-mail
 * the identity user has proved. An unproved address never maps: anyone can sign up with any
 * address, but only its owner can verify it.
 */
export async function authenticate(
  request: FastifyRequest,
  db: Db,
  verify: SessionVerifier,
): Promise<Caller> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) {
    throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
  }
  const payload = await verify(header.slice('Bearer '.length).trim()).catch(() => {
    throw new AppError('not_authenticated', 'The session has expired or is not valid.');
  });
  const secondFactor = payload[SECOND_FACTOR_CLAIM] as
    | { enrolled?: boolean; proved?: boolean }
    | undefined;
  if (secondFactor?.enrolled && !secondFactor.proved) {
    throw new AppError('permission_denied', 'Enter your authenticator code to finish signing in.');
  }
  if (!payload.sub)
    throw new AppError('not_authenticated', 'The session has expired or is not valid.');

  const [advisor] = await db
    .select({
      advisorId: advisors.id,
      firmId: advisors.firmId,
      role: advisors.role,
      email: advisors.email,
      status: advisors.status,
    })
    .from(identityEmails)
    .innerJoin(advisors, eq(advisors.email, identityEmails.email))
    .where(and(eq(identityEmails.userId, payload.sub), eq(identityEmails.verified, true)))
    .limit(1);
  if (!advisor)
    throw new AppError('permission_denied', 'This account is not an advisor of any firm.');
  if (advisor.status !== 'ACTIVE')
    throw new AppError('permission_denied', 'This advisor account is inactive.');
  return {
    advisorId: advisor.advisorId,
    firmId: advisor.firmId,
    role: advisor.role as AdvisorRole,
    email: advisor.email,
  };
}
