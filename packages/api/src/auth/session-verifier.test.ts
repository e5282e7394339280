import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionVerifier } from './session-verifier.ts';

const PROJECT = 'project-test-1';

async function keys() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' };
  const sign = (expiresAt: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'key-1' })
      .setIssuer(`stytch.com/${PROJECT}`)
      .setAudience(PROJECT)
      .setSubject('user-test-1')
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  return { jwk, sign };
}

describe('session verifier', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token once, and refuses it again once it has expired', async () => {
    const { jwk, sign } = await keys();
    const fetchKeySet = vi.fn(async () => ({ keys: [jwk] }));
    const verify = createSessionVerifier({ fetchKeySet, projectId: PROJECT });
    const now = Math.floor(Date.now() / 1000);
    const token = await sign(now + 30);
    expect((await verify(token)).sub).toBe('user-test-1');
    expect((await verify(token)).sub).toBe('user-test-1');
    expect(fetchKeySet).toHaveBeenCalledTimes(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((now + 31) * 1000);
    await expect(verify(token)).rejects.toThrow();
  });

  it('never trusts a token it has not verified', async () => {
    const { jwk, sign } = await keys();
    const verify = createSessionVerifier({
      fetchKeySet: async () => ({ keys: [jwk] }),
      projectId: PROJECT,
    });
    const token = await sign(Math.floor(Date.now() / 1000) + 30);
    await verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature?.slice(0, -4)}AAAA`;
    await expect(verify(forged)).rejects.toThrow();
  });
});
