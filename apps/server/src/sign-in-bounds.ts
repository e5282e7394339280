import {
  effectiveSignInPolicy,
  SIGN_IN_METHODS,
  type SignInBounds,
  type SignInMethodName,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import type { UserSignInPolicy } from '@ballast/identity';
import { and, eq } from 'drizzle-orm';
import type { Config } from './config.ts';

/**
 * What this installation's configuration lets a firm's sign-in policy offer (decision 023):
 * text messages need a webhook (or the demo outbox), OAuth a configured provider.
 */
export function signInBounds(
  config: Pick<Config, 'sms' | 'mode' | 'oauthProviders' | 'sessionMaxMinutes'>,
): SignInBounds {
  const configured: Record<SignInMethodName, boolean> = {
    password: true,
    email_link: true,
    email_code: true,
    sms_code: config.sms !== undefined || config.mode === 'demo',
    passkey: true,
    oauth: config.oauthProviders.length > 0,
    wallet: true,
  };
  return {
    available_methods: SIGN_IN_METHODS.filter((method) => configured[method]),
    max_session_minutes: config.sessionMaxMinutes,
  };
}

/**
 * The methods the login screen shows: those some firm of the installation offers. The screen is
 * shown before anyone is known, so it cannot be one firm's; each sign-in is then held to the
 * person's own firm's policy by the identity service.
 */
export async function offeredMethods(db: Db, bounds: SignInBounds): Promise<SignInMethodName[]> {
  const rows = await db.select({ stored: schema.firms.signInPolicy }).from(schema.firms);
  if (rows.length === 0) return bounds.available_methods;
  const offered = new Set(rows.flatMap((row) => effectiveSignInPolicy(row.stored, bounds).methods));
  return bounds.available_methods.filter((method) => offered.has(method));
}

/**
 * The identity service's view of a person's firm policy: found through the advisor whose e-mail
 * the person has proved, as the api finds the caller. Someone who is no advisor has none.
 */
export function userSignInPolicy(
  db: Db,
  bounds: SignInBounds,
): (userId: string) => Promise<UserSignInPolicy | undefined> {
  const { advisors, firms, identityEmails } = schema;
  return async (userId) => {
    const [row] = await db
      .select({ stored: firms.signInPolicy })
      .from(identityEmails)
      .innerJoin(advisors, eq(advisors.email, identityEmails.email))
      .innerJoin(firms, eq(firms.id, advisors.firmId))
      .where(and(eq(identityEmails.userId, userId), eq(identityEmails.verified, true)))
      .limit(1);
    if (!row) return undefined;
    const policy = effectiveSignInPolicy(row.stored, bounds);
    return { methods: policy.methods, sessionMinutes: policy.session_minutes };
  };
}
