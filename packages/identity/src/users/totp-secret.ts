import type { SecretBox } from '@ballast/db';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';

/** RFC 6238's common profile, the only one every authenticator app understands. */
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
/** Codes of the previous and next step still count, for clocks a little out of step. */
const WINDOW = 1;

/**
 * What `identity_totps.secret_ciphertext` holds once opened. The schema has no column for the
 * enrolment deadline or for the last step used, so they travel sealed with the seed: the row's
 * ciphertext then changes on every success, which also makes it the compare-and-set guard that
 * lets only one of two concurrent uses of a code through.
 */
const SealedTotpSchema = z.object({
  v: z.literal(1),
  /** Base32, as authenticator apps take it. */
  secret: z.string().min(16),
  /** Epoch milliseconds after which an unverified TOTP can no longer be confirmed. */
  enrol_by: z.number(),
  /** The newest time step a code was accepted for; no code of this step or before works again. */
  last_step: z.number().int().nullable(),
});

export type SealedTotp = z.infer<typeof SealedTotpSchema>;

/** A fresh 160-bit seed (RFC 4226's recommended length) from the platform's CSPRNG. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function sealTotp(box: SecretBox, totp: SealedTotp): string {
  return box.seal(JSON.stringify(totp));
}

export function openTotp(box: SecretBox, ciphertext: string): SealedTotp {
  return SealedTotpSchema.parse(JSON.parse(box.open(ciphertext)));
}

function totpOf(secret: string, issuer = '', label = 'OTPAuth'): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** The `otpauth://totp/…` URI that the QR code carries. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/**
 * The time step `code` belongs to, when it is right for `now` or a step either side, else
 * undefined. Anything but six ASCII digits is wrong without being compared.
 */
export function matchTotpStep(secret: string, code: string, now: number): number | undefined {
  // otpauth compares byte buffers, which throws on same-length strings of different byte length.
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}
