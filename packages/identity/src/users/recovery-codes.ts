import { randomInt } from 'node:crypto';
import { hashSecret } from '../crypto/tokens.ts';

/** Letters and digits that cannot be mistaken for one another when copied from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;
export const RECOVERY_CODE_COUNT = 10;

/** `abcd-efgh-jkmn`: 12 characters of a 31-letter alphabet, about 59 random bits each. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: GROUPS }, () =>
      Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    ).join('-'),
  );
}

/**
 * The stored form of a recovery code. Case, spaces and dashes are dropped first, so a code typed
 * as `ABCD EFGH JKMN` is the same code.
 */
export function hashRecoveryCode(code: string): string {
  return hashSecret(`recovery-code:${code.toLowerCase().replace(/[\s-]/g, '')}`);
}
