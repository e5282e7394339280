import { type AdvisorRole, SECOND_FACTOR_REQUIRED, SignInPolicySchema } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import type { SessionVerifier } from './session-verifier.ts';

const { advisors, firms, identityEmails } = schema;

/** The signed-in advisor behind a request. Every query of the api is scoped by `firmId`. */
export type Caller = {
  advisorId: string;
  firmId: string;
  role: AdvisorRole;
  email: string;
  /** The firm's sign-in policy asks this role for an authenticator code (decision 023). */
  secondFactorRequired: boolean;
};

function requiresSecondFactor(storedPolicy: unknown, role: AdvisorRole): boolean {
  const policy = SignInPolicySchema.safeParse(storedPolicy);
  return policy.success && policy.data.second_factor_roles.includes(role);
}

const SECOND_FACTOR_CLAIM = 'https://ballast.app/second_factor';

export type CallerCache = {
  get(userId: string): Caller | undefined;
  set(userId: string, caller: Caller): void;
  /** Drops what is kept for an advisor whose role, status or e-mail just changed. */
  forget(advisorId: string): void;
};

/**
 * Advisors found for identity users, kept for a moment so a screen's burst of calls looks the
 * advisor up once. Two seconds bounds how long a deactivation or role change takes to bite, far
 * less than the life of the session JWT the caller already holds: the process that makes the
 * change forgets the advisor at once, other api processes see it when their entry lapses.
 */
export function createCallerCache(ttlMs = 2_000, maxEntries = 10_000): CallerCache {
  const entries = new Map<string, { caller: Caller; until: number }>();
  return {
    get(userId) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.caller;
      entries.delete(userId);
      return undefined;
    },
    set(userId, caller) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(userId, { caller, until: Date.now() + ttlMs });
    },
    forget(advisorId) {
      for (const [userId, entry] of entries) {
        if (entry.caller.advisorId === advisorId) entries.delete(userId);
      }
    },
  };
}

// The rate limits ask who is calling before the handler does (src/request-limits.ts): a request
// is authenticated once, and both get that answer, caller or refusal.
const authenticated = new WeakMap<FastifyRequest, Promise<Caller>>();

/**
 * Reads `Authorization: Bearer <session_jwt>`, verifies it, and finds the advisor whose e-mail
 * the identity user has proved. An unproved address never maps: anyone can sign up with any
 * address, but only its owner can verify it.
 */
export function authenticate(
  request: FastifyRequest,
  db: Db,
  verify: SessionVerifier,
  cache?: CallerCache,
): Promise<Caller> {
  let caller = authenticated.get(request);
  if (!caller) {
    caller = findRequestCaller(request, db, verify, cache);
    authenticated.set(request, caller);
  }
  return caller;
}

async function findRequestCaller(
  request: FastifyRequest,
  db: Db,
  verify: SessionVerifier,
  cache: CallerCache | undefined,
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
  const caller = cache?.get(payload.sub) ?? (await findCaller(db, payload.sub, cache));
  if (caller.secondFactorRequired && !secondFactor?.proved) {
    throw new AppError('permission_denied', SECOND_FACTOR_REQUIRED);
  }
  return caller;
}

async function findCaller(db: Db, userId: string, cache: CallerCache | undefined): Promise<Caller> {
  const [advisor] = await db
    .select({
      advisorId: advisors.id,
      firmId: advisors.firmId,
      role: advisors.role,
      email: advisors.email,
      status: advisors.status,
      signInPolicy: firms.signInPolicy,
    })
    .from(identityEmails)
    .innerJoin(advisors, eq(advisors.email, identityEmails.email))
    .innerJoin(firms, eq(firms.id, advisors.firmId))
    .where(and(eq(identityEmails.userId, userId), eq(identityEmails.verified, true)))
    .limit(1);
  if (!advisor)
    throw new AppError('permission_denied', 'This account is not an advisor of any firm.');
  if (advisor.status !== 'ACTIVE')
    throw new AppError('permission_denied', 'This advisor account is inactive.');
  const caller: Caller = {
    advisorId: advisor.advisorId,
    firmId: advisor.firmId,
    role: advisor.role as AdvisorRole,
    email: advisor.email,
    secondFactorRequired: requiresSecondFactor(advisor.signInPolicy, advisor.role as AdvisorRole),
  };
  cache?.set(userId, caller);
  return caller;
}
