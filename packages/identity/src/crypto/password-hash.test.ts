import { describe, expect, it } from 'vitest';
import { RFC_7914_PASSWORD, RFC_7914_SCRYPT_HASH } from './legacy-scrypt-hash.fixture.ts';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.ts';

// The Argon2 reference implementation's published example (phc-winner-argon2, test.c):
// argon2id, version 19, 64 MiB, two passes, one lane, "password" salted with "somesalt".
const REFERENCE_ARGON2ID =
  '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';

describe('password hashes (decision 031)', () => {
  it('stores Argon2id at 19 MiB, two passes, one lane, with a salt of its own each time', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
    expect(await verifyPassword('correct horse battery stable', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('checks a password against the reference implementation’s Argon2id example', async () => {
    expect(await verifyPassword('password', REFERENCE_ARGON2ID)).toBe(true);
    expect(await verifyPassword('passwore', REFERENCE_ARGON2ID)).toBe(false);
    // Another setting than new hashes get is replaced at the next sign-in.
    expect(needsRehash(REFERENCE_ARGON2ID)).toBe(true);
  });

  it('still checks the scrypt hashes stored before, and marks them for replacing', async () => {
    expect(await verifyPassword(RFC_7914_PASSWORD, RFC_7914_SCRYPT_HASH)).toBe(true);
    expect(await verifyPassword('pleaseletmeout', RFC_7914_SCRYPT_HASH)).toBe(false);
    expect(needsRehash(RFC_7914_SCRYPT_HASH)).toBe(true);
  });

  it('refuses a stored value it cannot read rather than matching it', async () => {
    for (const stored of ['', 'plain', '$argon2id$v=19$m=0,t=2,p=1$c29tZQ$c29tZQ', 'md5$abc']) {
      expect(await verifyPassword('password', stored)).toBe(false);
    }
  });

  it('hashes a password as typed in either Unicode form alike', async () => {
    const composed = await hashPassword('Caf\u00e9 au lait 4 ever');
    expect(await verifyPassword('Cafe\u0301 au lait 4 ever', composed)).toBe(true);
  });
});
