import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { describe, expect, it } from 'vitest';
import { IdentityError } from '../identity-error.ts';
import { checksumAddressOf } from './ethereum-address.ts';
import {
  allowedSigningOrigins,
  checkSiweSignature,
  composeSiweChallenge,
  type SiweParams,
  signingPageOf,
} from './siwe-challenge.ts';

const APP = 'https://app.ballast.test';
const ALLOWED = new Set([APP, 'http://localhost:5173']);
const NOW = new Date('2030-01-01T12:00:00.000Z');
const LATER = new Date('2030-01-01T12:05:00.000Z');
const wallet = Wallet.createRandom();

function compose(
  params?: SiweParams,
  page = signingPageOf({ parentHost: APP, origin: undefined }, ALLOWED),
) {
  return composeSiweChallenge({
    page,
    allowed: ALLOWED,
    address: wallet.address,
    params,
    nonce: 'abcdef1234567890',
    issuedAt: NOW,
    expiresAt: LATER,
  });
}

function errorTypeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof IdentityError) return error.errorType;
    throw error;
  }
  return undefined;
}

describe('checksumAddressOf', () => {
  it('accepts EIP-55 and single-case addresses, and refuses a broken checksum', () => {
    expect(checksumAddressOf(wallet.address)).toBe(wallet.address);
    expect(checksumAddressOf(wallet.address.toLowerCase())).toBe(wallet.address);
    expect(checksumAddressOf(`0x${wallet.address.slice(2).toUpperCase()}`)).toBe(wallet.address);
    const flipped = wallet.address.replace(/[a-f]/, (letter) => letter.toUpperCase());
    expect(flipped).not.toBe(wallet.address);
    expect(checksumAddressOf(flipped)).toBeUndefined();
    expect(checksumAddressOf('0x1234')).toBeUndefined();
    expect(checksumAddressOf(wallet.address.slice(2))).toBeUndefined();
  });
});

describe('signingPageOf', () => {
  it('takes the SIWE domain from an allowed page, with its port', () => {
    expect(
      signingPageOf({ parentHost: 'http://localhost:5173', origin: undefined }, ALLOWED),
    ).toEqual({
      origin: 'http://localhost:5173',
      scheme: 'http',
      domain: 'localhost:5173',
    });
  });

  it('refuses a missing, unlisted or contradicted page with invalid_siwe_domain', () => {
    const cases = [
      { parentHost: undefined, origin: undefined },
      { parentHost: 'https://evil.example', origin: undefined },
      { parentHost: 'http://localhost:5174', origin: undefined },
      { parentHost: APP, origin: 'https://evil.example' },
      { parentHost: 'javascript:alert(1)', origin: undefined },
    ];
    for (const headers of cases) {
      expect(errorTypeOf(() => signingPageOf(headers, ALLOWED))).toBe('invalid_siwe_domain');
    }
  });

  it('allows the origins of CORS origins and redirect URLs, nothing else', () => {
    const allowed = allowedSigningOrigins({
      corsOrigins: ['https://web.ballast.test'],
      project: {
        projectName: 'Ballast',
        emailDomains: [],
        passwordPolicy: { kind: 'zxcvbn', minimumScore: 3 },
        pkceRequiredForEmailMagicLinks: false,
        pkceRequiredForPasswordResets: false,
        pkceRequiredForOAuth: false,
        allowedRedirectUrls: ['https://app.ballast.test/auth/', 'not a url'],
        defaultLoginRedirectUrl: 'https://app.ballast.test/authenticate',
        defaultResetPasswordRedirectUrl: 'https://app.ballast.test/reset',
      },
    });
    expect([...allowed].sort()).toEqual(['https://app.ballast.test', 'https://web.ballast.test']);
  });
});

describe('composeSiweChallenge', () => {
  it('writes an EIP-4361 message with the page as domain and the caller’s fields', () => {
    const text = compose({
      statement: 'Sign in to Ballast.',
      chain_id: '137',
      resources: ['https://app.ballast.test/terms'],
      message_request_id: 'req-1',
      not_before: '2030-01-01T12:01:00Z',
    });
    const message = new SiweMessage(text);
    expect(text.startsWith(`app.ballast.test wants you to sign in`)).toBe(true);
    expect(message).toMatchObject({
      domain: 'app.ballast.test',
      address: wallet.address,
      statement: 'Sign in to Ballast.',
      uri: APP,
      version: '1',
      chainId: 137,
      nonce: 'abcdef1234567890',
      issuedAt: NOW.toISOString(),
      expirationTime: LATER.toISOString(),
      notBefore: '2030-01-01T12:01:00Z',
      requestId: 'req-1',
      resources: ['https://app.ballast.test/terms'],
    });
    expect(message.scheme).toBeUndefined();
  });

  it('names the scheme of a page that is not https', () => {
    const page = signingPageOf({ parentHost: 'http://localhost:5173', origin: undefined }, ALLOWED);
    const text = compose(undefined, page);
    expect(text.startsWith('http://localhost:5173 wants you to sign in')).toBe(true);
    expect(new SiweMessage(text)).toMatchObject({ uri: 'http://localhost:5173', chainId: 1 });
  });

  it('refuses each bad field with its own error type', () => {
    expect(errorTypeOf(() => compose({ uri: 'https://evil.example/login' }))).toBe(
      'invalid_siwe_uri',
    );
    expect(errorTypeOf(() => compose({ uri: 'https://app.ballast.test/a\nb' }))).toBe(
      'invalid_siwe_uri',
    );
    expect(errorTypeOf(() => compose({ chain_id: 'one' }))).toBe('invalid_siwe_chain_id');
    expect(errorTypeOf(() => compose({ chain_id: '0' }))).toBe('invalid_siwe_chain_id');
    expect(errorTypeOf(() => compose({ statement: 'line one\nURI: https://evil.example' }))).toBe(
      'invalid_siwe_statement',
    );
    expect(errorTypeOf(() => compose({ resources: ['no uri'] }))).toBe('invalid_siwe_resource');
    expect(errorTypeOf(() => compose({ resources: ['https://a.test/\n- x'] }))).toBe(
      'invalid_siwe_resource',
    );
    expect(errorTypeOf(() => compose({ message_request_id: 'has space' }))).toBe(
      'invalid_siwe_message_request_id',
    );
    expect(errorTypeOf(() => compose({ issued_at: 'yesterday' }))).toBe('bad_request');
    expect(errorTypeOf(() => compose({ not_before: LATER.toISOString() }))).toBe('bad_request');
  });
});

describe('checkSiweSignature', () => {
  it('accepts the address’s own signature inside the window, and nothing else', async () => {
    const text = compose({ not_before: '2030-01-01T12:01:00Z' });
    const signature = await wallet.signMessage(text);
    const inWindow = new Date('2030-01-01T12:02:00Z');
    const check = (sig: string, now: Date, address = wallet.address) =>
      checkSiweSignature(text, sig, { address, now });

    expect(await check(signature, inWindow)).toBe('valid');
    expect(await check(signature, inWindow, wallet.address.toLowerCase())).toBe('valid');
    expect(await check(signature, NOW)).toBe('not_valid_yet');
    expect(await check(signature, LATER)).toBe('expired');
    const stranger = Wallet.createRandom();
    expect(await check(await stranger.signMessage(text), inWindow)).toBe('wrong_signer');
    // A stranger learns nothing about the time window either.
    expect(await check(await stranger.signMessage(text), NOW)).toBe('wrong_signer');
    expect(await check(signature, inWindow, stranger.address)).toBe('wrong_signer');
    expect(await check('0x1234', inWindow)).toBe('wrong_signer');
    const tampered = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`;
    expect(await check(tampered, inWindow)).toBe('wrong_signer');
  });
});
