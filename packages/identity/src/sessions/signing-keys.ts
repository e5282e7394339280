import type { SecretBox } from '@ballast/db';
import { schema } from '@ballast/db';
import { desc, gt } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { IdentityOptions } from '../identity-options.ts';

const ALGORITHM = 'ES256';
const { identitySigningKeys } = schema;

export type SigningKey = { kid: string; privateKey: CryptoKey };

/**
 * The key set that signs session JWTs. One key signs at a time; after `signingKeyRotationDays` a
 * new one takes over, and a retired key stays published until every JWT it signed has expired,
 * so verifiers that cache the JWKS never meet an unknown `kid`.
 */
export type SigningKeys = {
  current(): Promise<SigningKey>;
  /** The public JWKS: `{keys: [...]}`. */
  published(): Promise<{ keys: JWK[] }>;
};

export function createSigningKeys(
  { db, limits }: Pick<IdentityOptions, 'db' | 'limits'>,
  box: SecretBox,
): SigningKeys {
  let cached: { key: SigningKey; retiresAt: Date } | undefined;

  async function loadOrCreate(): Promise<{ key: SigningKey; retiresAt: Date }> {
    const now = new Date();
    const [row] = await db
      .select()
      .from(identitySigningKeys)
      .where(gt(identitySigningKeys.retiresAt, now))
      .orderBy(desc(identitySigningKeys.createdAt))
      .limit(1);
    if (row) {
      const privateJwk = JSON.parse(box.open(row.privateKeyCiphertext)) as JWK;
      const privateKey = (await importJWK(privateJwk, ALGORITHM)) as CryptoKey;
      return { key: { kid: row.kid, privateKey }, retiresAt: row.retiresAt };
    }
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = `jwk-${crypto.randomUUID()}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
    const retiresAt = new Date(now.getTime() + limits.signingKeyRotationDays * 86_400_000);
    await db.insert(identitySigningKeys).values({
      kid,
      algorithm: ALGORITHM,
      privateKeyCiphertext: box.seal(JSON.stringify(await exportJWK(privateKey))),
      publicJwk,
      retiresAt,
    });
    return { key: { kid, privateKey }, retiresAt };
  }

  return {
    async current() {
      if (!cached || cached.retiresAt.getTime() <= Date.now()) cached = await loadOrCreate();
      return cached.key;
    },
    async published() {
      await this.current();
      const stillVerifying = new Date(Date.now() - limits.sessionJwtMinutes * 60_000);
      const rows = await db
        .select({ publicJwk: identitySigningKeys.publicJwk })
        .from(identitySigningKeys)
        .where(gt(identitySigningKeys.retiresAt, stillVerifying))
        .orderBy(desc(identitySigningKeys.createdAt));
      return { keys: rows.map((row) => row.publicJwk as JWK) };
    },
  };
}

export const SESSION_JWT_ALGORITHM = ALGORITHM;
