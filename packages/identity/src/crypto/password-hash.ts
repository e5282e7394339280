import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * OWASP's first choice for password storage, at its first recommended setting: Argon2id, 19 MiB,
 * two passes, one lane (decision 031). About a tenth of a second a hash on a loaded two-core
 * machine, against three quarters for the scrypt setting it replaces.
 */
const ARGON2 = { memory: 19_456, passes: 2, parallelism: 1 };
const KEY_LENGTH = 32;
/** Hashes stored before Argon2id are scrypt's; they may ask up to this much memory. */
const SCRYPT_MAX_MEMORY = 256 * 1024 * 1024;

const CURRENT_PARAMS = `m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}`;

const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

async function argon2id(
  password: string,
  salt: Buffer,
  params: typeof ARGON2,
  length: number,
): Promise<Buffer> {
  return argon2Async('argon2id', {
    message: password.normalize('NFKC'),
    nonce: salt,
    tagLength: length,
    ...params,
  });
}

/** The PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await argon2id(password, salt, ARGON2, KEY_LENGTH);
  return `$argon2id$v=19$${CURRENT_PARAMS}$${unpadded(salt)}$${unpadded(hash)}`;
}

/** Numbers of a PHC parameter list such as `m=19456,t=2,p=1`, by name. */
function phcParams(list: string): Record<string, number> {
  return Object.fromEntries(
    list.split(',').map((pair) => {
      const [name, value] = pair.split('=');
      return [name ?? '', Number(value)];
    }),
  );
}

async function verifyArgon2id(password: string, stored: string): Promise<boolean> {
  const [, scheme, version, params, salt, hash] = stored.split('$');
  if (scheme !== 'argon2id' || version !== 'v=19' || !params || !salt || !hash) return false;
  const { m, t, p } = phcParams(params);
  if (!m || !t || !p) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await argon2id(
    password,
    Buffer.from(salt, 'base64'),
    { memory: m, passes: t, parallelism: p },
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** `scrypt$N$r$p$salt$hash`, as passwords were stored before decision 031. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64'),
    expected.length,
    { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAX_MEMORY },
  );
  return timingSafeEqual(actual, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) return verifyArgon2id(password, stored);
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** Whether a stored hash is of another scheme or setting than new passwords get. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`$argon2id$v=19$${CURRENT_PARAMS}$`);
}

/**
 * A hash of a random password, checked when the address is unknown so that a sign-in with an
 * unknown e-mail costs the same time as one with a wrong password.
 */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(16).toString('hex'));
