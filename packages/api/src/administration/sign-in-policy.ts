import {
  effectiveSignInPolicy,
  type FirmSignInPolicy,
  NOT_FOUND_DETAIL,
  type SignInBounds,
  type SignInPolicy,
  sessionMinutesTooLong,
  signInMethodUnavailable,
  type ValidationErrorItem,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { appendAuditEvent, changedFields } from './audit-trail.ts';
import { requireAdministratorOf } from './firm-scope.ts';

const { firms } = schema;

export async function readSignInPolicy(
  db: Db,
  caller: Caller,
  firmId: string,
  bounds: SignInBounds,
): Promise<FirmSignInPolicy> {
  requireAdministratorOf(caller, firmId);
  const [firm] = await db
    .select({ stored: firms.signInPolicy })
    .from(firms)
    .where(eq(firms.id, caller.firmId));
  return effectiveSignInPolicy(firm?.stored ?? null, bounds);
}

/** The installation's bounds, checked here because only the server knows them. */
function checkBounds(policy: SignInPolicy, bounds: SignInBounds): void {
  const errors: ValidationErrorItem[] = [
    ...policy.methods.flatMap((method, index) =>
      bounds.available_methods.includes(method)
        ? []
        : [
            {
              code: 'invalid' as const,
              detail: signInMethodUnavailable(method),
              attr: `methods.${index}`,
            },
          ],
    ),
    ...(policy.session_minutes > bounds.max_session_minutes
      ? [
          {
            code: 'invalid' as const,
            detail: sessionMinutesTooLong(bounds.max_session_minutes),
            attr: 'session_minutes',
          },
        ]
      : []),
  ];
  if (errors.length > 0) throw new RequestValidationError({ type: 'validation_error', errors });
}

export async function replaceSignInPolicy(
  db: Db,
  caller: Caller,
  firmId: string,
  policy: SignInPolicy,
  bounds: SignInBounds,
): Promise<FirmSignInPolicy> {
  requireAdministratorOf(caller, firmId);
  checkBounds(policy, bounds);
  const stored: SignInPolicy = {
    methods: [...new Set(policy.methods)],
    second_factor_roles: [...new Set(policy.second_factor_roles)],
    session_minutes: policy.session_minutes,
  };
  return db.transaction(async (tx) => {
    const [firm] = await tx
      .select({ stored: firms.signInPolicy, name: firms.name })
      .from(firms)
      .where(eq(firms.id, caller.firmId))
      .for('update');
    if (!firm) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const before = effectiveSignInPolicy(firm.stored, bounds);
    await tx.update(firms).set({ signInPolicy: stored }).where(eq(firms.id, caller.firmId));
    await appendAuditEvent(tx, {
      firmId: caller.firmId,
      kind: 'SIGN_IN_POLICY_CHANGED',
      actorAdvisorId: caller.advisorId,
      subject: firm.name,
      ...changedFields(auditValues(before), auditValues(stored)),
    });
    return effectiveSignInPolicy(stored, bounds);
  });
}

function auditValues(policy: SignInPolicy) {
  return {
    methods: policy.methods.join(', '),
    second_factor_roles: policy.second_factor_roles.join(', '),
    session_minutes: policy.session_minutes,
  };
}
