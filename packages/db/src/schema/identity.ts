/**
 * The identity service's data. Ids are text with a kind prefix (`user-test-…`, `session-live-…`)
 * as the browser SDK's protocol shows them. Secrets (session tokens, one-time tokens and codes,
 * recovery codes) are stored only as SHA-256 hashes; TOTP secrets and signing keys, which must be
 * read back, are stored encrypted by the identity service.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, timestampTz } from './columns.ts';

export const identityProjects = pgTable('identity_projects', {
  id: text('id').primaryKey(),
  publicToken: text('public_token').notNull().unique(),
  name: text('name').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const identityUsers = pgTable(
  'identity_users',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => identityProjects.id),
    status: text('status').notNull().default('active'),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    untrustedMetadata: jsonb('untrusted_metadata').notNull().default({}),
    trustedMetadata: jsonb('trusted_metadata').notNull().default({}),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    passwordId: text('password_id'),
    passwordHash: text('password_hash'),
    /** Set when a password must be reset before it can be used again. */
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [index('identity_users_project_idx').on(table.projectId)],
);

export const identityEmails = pgTable(
  'identity_emails',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    /** Lower-cased, so one address is one user whatever its casing. */
    email: text('email').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('identity_emails_address_idx').on(table.projectId, table.email)],
);

export const identityPhoneNumbers = pgTable(
  'identity_phone_numbers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    /** E.164, e.g. +15555550123. */
    phoneNumber: text('phone_number').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('identity_phone_numbers_idx').on(table.projectId, table.phoneNumber)],
);

export const identityTotps = pgTable('identity_totps', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => identityUsers.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  verified: boolean('verified').notNull().default(false),
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const identityWebauthnRegistrations = pgTable(
  'identity_webauthn_registrations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    signCount: integer('sign_count').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull().default(''),
    domain: text('domain').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    verified: boolean('verified').notNull().default(true),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [index('identity_webauthn_user_idx').on(table.userId)],
);

export const identityCryptoWallets = pgTable(
  'identity_crypto_wallets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    walletType: text('wallet_type').notNull(),
    /** Lower-cased address. */
    address: text('address').notNull(),
    verified: boolean('verified').notNull().default(true),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_crypto_wallets_idx').on(table.projectId, table.walletType, table.address),
  ],
);

export const identityOauthRegistrations = pgTable(
  'identity_oauth_registrations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    profilePictureUrl: text('profile_picture_url').notNull().default(''),
    locale: text('locale').notNull().default(''),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_oauth_subject_idx').on(table.projectId, table.provider, table.subject),
  ],
);

export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    lastAccessedAt: timestampTz('last_accessed_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    /** The factors of the protocol's `authentication_factors`, newest last. */
    authenticationFactors: jsonb('authentication_factors').$type<unknown[]>().notNull().default([]),
    /** Impersonated sessions record who minted the token and cannot be extended. */
    impersonatorId: text('impersonator_id'),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('identity_sessions_user_idx').on(table.userId)],
);

/** A first factor that still needs a second before it becomes a session. */
export const identityIntermediateSessions = pgTable('identity_intermediate_sessions', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => identityUsers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  authenticationFactors: jsonb('authentication_factors').$type<unknown[]>().notNull().default([]),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

/**
 * Single-use secrets sent to a person or handed to a client: magic-link and reset tokens, one-time
 * passcodes, impersonation tokens, OAuth and WebAuthn challenges.
 */
export const identityOneTimeTokens = pgTable(
  'identity_one_time_tokens',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => identityUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The email_id or phone_id it was sent to, where the protocol names one. */
    methodId: text('method_id'),
    codeChallenge: text('code_challenge'),
    /** Whatever the flow must remember between its start and its end (redirect URLs, …). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_one_time_tokens_hash_idx').on(table.kind, table.tokenHash),
    index('identity_one_time_tokens_method_idx').on(table.kind, table.methodId),
  ],
);

export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  /** After this the key no longer signs; it stays published until every token it signed expired. */
  retiresAt: timestampTz('retires_at').notNull(),
});

/** Fixed-window counters behind rate limits and lockouts, shared by every process. */
export const identityRateCounters = pgTable('identity_rate_counters', {
  key: text('key').primaryKey(),
  windowStart: timestampTz('window_start').notNull(),
  count: integer('count').notNull().default(0),
  lockedUntil: timestampTz('locked_until'),
});

export const identityEvents = pgTable('identity_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  projectId: text('project_id').notNull(),
  receivedAt: timestampTz('received_at').notNull().defaultNow(),
  event: jsonb('event').notNull(),
});

/** Messages the dev outbox kept instead of sending. */
export const identityOutbox = pgTable(
  'identity_outbox',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [index('identity_outbox_created_idx').on(table.createdAt)],
);

/**
 * The scopes a user granted a third-party connected app (this service as an OAuth provider), so
 * the consent screen is shown once, and again only when the app asks for more.
 */
export const identityOauthConsents = pgTable(
  'identity_oauth_consents',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_oauth_consents_user_client_idx').on(table.userId, table.clientId),
  ],
);
