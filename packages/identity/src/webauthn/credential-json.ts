import type {
  AuthenticationResponseJSON,
  AuthenticatorAttachment,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { IdentityError } from '../identity-error.ts';

/*
 * The SDK sends `public_key_credential` as JSON text made by @github/webauthn-json: binary
 * members base64url without padding, and `null` where the browser has no value
 * (`authenticatorAttachment`, `userHandle`). These schemas read that text into the shapes
 * @simplewebauthn/server verifies; anything else is `invalid_public_key_credential`.
 */

const base64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/);

const attachment = z
  .enum(['platform', 'cross-platform'])
  .nullish()
  .transform((value): AuthenticatorAttachment | undefined => value ?? undefined);

// webauthn-json keeps only these client extension outputs; unknown ones are dropped here too.
const extensionResults = z
  .object({
    appid: z.boolean().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
  })
  .default({});

const RegistrationCredentialSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(16).optional(),
  }),
  clientExtensionResults: extensionResults,
});

const AuthenticationCredentialSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.nullish().transform((value) => value ?? undefined),
  }),
  clientExtensionResults: extensionResults,
});

const ClientDataSchema = z.object({ challenge: base64url });

function parseText<Schema extends z.ZodType>(schema: Schema, text: string): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new IdentityError('invalid_public_key_credential');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new IdentityError('invalid_public_key_credential');
  return parsed.data;
}

export function parseRegistrationCredential(text: string): RegistrationResponseJSON {
  return parseText(RegistrationCredentialSchema, text);
}

export function parseAuthenticationCredential(text: string): AuthenticationResponseJSON {
  return parseText(AuthenticationCredentialSchema, text);
}

/**
 * The challenge the browser signed, read from clientDataJSON so the ceremony's stored challenge
 * can be found. Verification later checks the rest of clientDataJSON against what was stored.
 */
export function challengeOf(clientDataJSON: string): string {
  return parseText(ClientDataSchema, Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    .challenge;
}
