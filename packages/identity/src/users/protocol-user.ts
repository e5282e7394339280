import { type Db, schema } from '@ballast/db';
import { asc, eq } from 'drizzle-orm';
import { IdentityError } from '../identity-error.ts';

const {
  identityUsers,
  identityEmails,
  identityPhoneNumbers,
  identityTotps,
  identityWebauthnRegistrations,
  identityCryptoWallets,
  identityOauthRegistrations,
} = schema;

/** A user as the SDK's protocol shows it (the consumer `User` type). */
export type ProtocolUser = {
  user_id: string;
  created_at: string;
  status: string;
  name: { first_name: string; middle_name: string; last_name: string };
  emails: { email_id: string; email: string; verified: boolean }[];
  phone_numbers: { phone_id: string; phone_number: string; verified: boolean }[];
  providers: {
    provider_type: string;
    provider_subject: string;
    profile_picture_url: string;
    locale: string;
    oauth_user_registration_id: string;
  }[];
  webauthn_registrations: {
    webauthn_registration_id: string;
    domain: string;
    user_agent: string;
    verified: boolean;
    authenticator_type: string;
    name: string;
  }[];
  totps: { totp_id: string; verified: boolean }[];
  crypto_wallets: {
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
    verified: boolean;
  }[];
  biometric_registrations: never[];
  password: { password_id: string; requires_reset: boolean } | null;
  trusted_metadata: unknown;
  untrusted_metadata: unknown;
  roles: string[];
};

/** Reads a user and every factor they have registered, or fails with user_not_found. */
export async function getProtocolUser(db: Db, userId: string): Promise<ProtocolUser> {
  // All at once, and the user's absence checked after: on the embedded database each statement
  // waits its turn in one queue, so reads sent together wait once.
  const [[user], emails, phones, totps, passkeys, wallets, providers] = await Promise.all([
    db.select().from(identityUsers).where(eq(identityUsers.id, userId)),
    db
      .select()
      .from(identityEmails)
      .where(eq(identityEmails.userId, userId))
      .orderBy(asc(identityEmails.createdAt)),
    db
      .select()
      .from(identityPhoneNumbers)
      .where(eq(identityPhoneNumbers.userId, userId))
      .orderBy(asc(identityPhoneNumbers.createdAt)),
    db.select().from(identityTotps).where(eq(identityTotps.userId, userId)),
    db
      .select()
      .from(identityWebauthnRegistrations)
      .where(eq(identityWebauthnRegistrations.userId, userId)),
    db.select().from(identityCryptoWallets).where(eq(identityCryptoWallets.userId, userId)),
    db
      .select()
      .from(identityOauthRegistrations)
      .where(eq(identityOauthRegistrations.userId, userId)),
  ]);
  if (!user) throw new IdentityError('user_not_found');
  return {
    user_id: user.id,
    created_at: user.createdAt.toISOString(),
    status: user.status,
    name: { first_name: user.firstName, middle_name: user.middleName, last_name: user.lastName },
    emails: emails.map((row) => ({ email_id: row.id, email: row.email, verified: row.verified })),
    phone_numbers: phones.map((row) => ({
      phone_id: row.id,
      phone_number: row.phoneNumber,
      verified: row.verified,
    })),
    providers: providers.map((row) => ({
      provider_type: row.provider,
      provider_subject: row.subject,
      profile_picture_url: row.profilePictureUrl,
      locale: row.locale,
      oauth_user_registration_id: row.id,
    })),
    webauthn_registrations: passkeys.map((row) => ({
      webauthn_registration_id: row.id,
      domain: row.domain,
      user_agent: row.userAgent,
      verified: row.verified,
      authenticator_type: 'platform',
      name: row.name,
    })),
    totps: totps.map((row) => ({ totp_id: row.id, verified: row.verified })),
    crypto_wallets: wallets.map((row) => ({
      crypto_wallet_id: row.id,
      crypto_wallet_address: row.address,
      crypto_wallet_type: row.walletType,
      verified: row.verified,
    })),
    biometric_registrations: [],
    password: user.passwordId
      ? { password_id: user.passwordId, requires_reset: user.passwordResetRequired }
      : null,
    trusted_metadata: user.trustedMetadata,
    untrusted_metadata: user.untrustedMetadata,
    roles: user.roles,
  };
}
