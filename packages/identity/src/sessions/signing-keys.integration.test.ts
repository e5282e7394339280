import { createSecretBox, schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { eq } from 'drizzle-orm';
import { type CryptoKey, createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../identity-options.ts';
import { createSigningKeys } from './signing-keys.ts';

describe('signing keys', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
  });

  afterAll(() => database?.dispose());

  async function sign(kid: string, key: CryptoKey) {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setExpirationTime('5m')
      .sign(key);
  }

  it('rotates to a new key when the current one retires, and keeps publishing the old one for its JWTs', async () => {
    const box = createSecretBox('rotation-test-key');
    const keys = createSigningKeys({ db: database.db, limits: DEFAULT_LIMITS }, box);
    const first = await keys.current();
    const oldJwt = await sign(first.kid, first.privateKey);

    // The first key reaches its retirement date: it signs no more, but its JWTs still verify.
    await database.db
      .update(schema.identitySigningKeys)
      .set({ retiresAt: new Date(Date.now() - 1000) });
    const rotated = createSigningKeys({ db: database.db, limits: DEFAULT_LIMITS }, box);
    const second = await rotated.current();
    expect(second.kid).not.toBe(first.kid);

    const published = await rotated.published();
    expect(published.keys.map((key) => key.kid)).toEqual([second.kid, first.kid]);
    const jwks = createLocalJWKSet(published);
    await expect(jwtVerify(oldJwt, jwks)).resolves.toBeDefined();
    expect(decodeProtectedHeader(await sign(second.kid, second.privateKey)).kid).toBe(second.kid);

    // Once every JWT the old key signed has expired, it leaves the published set.
    await database.db
      .update(schema.identitySigningKeys)
      .set({ retiresAt: new Date(Date.now() - (DEFAULT_LIMITS.sessionJwtMinutes + 1) * 60_000) })
      .where(eq(schema.identitySigningKeys.kid, first.kid));
    expect((await rotated.published()).keys.map((key) => key.kid)).toEqual([second.kid]);
  });

  it('stores private keys only encrypted', async () => {
    const rows = await database.db.select().from(schema.identitySigningKeys);
    for (const row of rows) {
      expect(row.privateKeyCiphertext.startsWith('v1.')).toBe(true);
      expect(row.privateKeyCiphertext).not.toContain('"d"');
      expect(JSON.stringify(row.publicJwk)).not.toContain('"d"');
    }
  });
});
