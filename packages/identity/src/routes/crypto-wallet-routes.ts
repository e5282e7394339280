import type { FastifyInstance, FastifyRequest } from 'fastify';
import { generateNonce } from 'siwe';
import { z } from 'zod';
import {
  CHALLENGE_MINUTES,
  type CryptoChallenge,
  findLiveChallenges,
  issueChallenge,
  STARTS_PER_ADDRESS_PER_MINUTE,
} from '../crypto-wallets/crypto-challenges.ts';
import { checksumAddressOf } from '../crypto-wallets/ethereum-address.ts';
import {
  allowedSigningOrigins,
  checkSiweSignature,
  composeSiweChallenge,
  SiweParamsSchema,
  signingPageOf,
} from '../crypto-wallets/siwe-challenge.ts';
import {
  addWalletToUser,
  findOrCreateWalletUser,
  type Wallet,
} from '../crypto-wallets/wallet-store.ts';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { claimToken } from '../one-time-tokens.ts';
import { requireSessionToken, type SdkCall, sdkRoute } from '../protocol/sdk-route.ts';
import { projectFor } from '../redirect-urls.ts';
import { factor } from '../sessions/authentication-factor.ts';
import { sdkExtras, sessionMinutesField } from './fields.ts';

const walletFields = {
  crypto_wallet_address: z.string().max(128),
  crypto_wallet_type: z.string().max(32),
};

/**
 * The wallet's address in EIP-55 form. Only Ethereum is supported: Solana would need its own
 * message format and signature scheme, and the product signs in with SIWE only.
 */
function ethereumAddressOf(body: { crypto_wallet_address: string; crypto_wallet_type: string }) {
  if (body.crypto_wallet_type !== 'ethereum') throw new IdentityError('invalid_wallet_type');
  const address = checksumAddressOf(body.crypto_wallet_address);
  if (!address) throw new IdentityError('invalid_crypto_wallet_address');
  return address;
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export function registerCryptoWalletRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services.options;

  const startBody = z.object({
    ...walletFields,
    siwe_params: SiweParamsSchema.optional(),
    captcha_token: z.string().optional(),
  });

  for (const variant of ['primary', 'secondary'] as const) {
    sdkRoute(
      app,
      services,
      'POST',
      `/crypto_wallets/authenticate/start/${variant}`,
      startBody,
      async (call) => {
        const address = ethereumAddressOf(call.body);
        const stored = address.toLowerCase();
        await services.rates.hit(`crypto:start:ip:${call.context.ipAddress}`, 30, 60);
        await services.rates.hit(`crypto:start:to:${stored}`, STARTS_PER_ADDRESS_PER_MINUTE, 60);
        // A secondary challenge is tied to the user signed in now, who alone can add the wallet
        // with it. The SDK picks the path from its cached state, so the session is checked here.
        const userId =
          variant === 'secondary'
            ? (await call.sessions.findLive(requireSessionToken(call))).userId
            : undefined;
        // Read on every call, so a host that learns its origin after start-up can still add it.
        const allowed = allowedSigningOrigins({
          corsOrigins: services.options.corsOrigins,
          project: projectFor(services.options, call.request),
        });
        const page = signingPageOf(
          {
            parentHost: headerOf(call.request, 'x-sdk-parent-host'),
            origin: headerOf(call.request, 'origin'),
          },
          allowed,
        );
        const nonce = generateNonce();
        const issuedAt = new Date();
        const challenge = composeSiweChallenge({
          page,
          allowed,
          address,
          params: call.body.siwe_params,
          nonce,
          issuedAt,
          expiresAt: new Date(issuedAt.getTime() + CHALLENGE_MINUTES * 60_000),
        });
        await issueChallenge(db, call.project, {
          address: stored,
          message: challenge,
          nonce,
          userId,
        });
        return { challenge };
      },
    );
  }

  /** The wallet's owner after a proven challenge: the signed-in user for a secondary one. */
  async function walletFor(
    call: SdkCall<unknown>,
    challenge: CryptoChallenge,
    address: string,
  ): Promise<Wallet> {
    if (!challenge.userId) return findOrCreateWalletUser(db, call.project, 'ethereum', address);
    return addWalletToUser(db, call.project, challenge.userId, 'ethereum', address);
  }

  /** A secondary challenge only works for the user it was issued to, still signed in. */
  async function checkSecondaryCaller(call: SdkCall<unknown>, challenge: CryptoChallenge) {
    if (!challenge.userId) return;
    const session = call.sessionToken
      ? await call.sessions.findLive(call.sessionToken).catch(() => undefined)
      : undefined;
    if (session?.userId !== challenge.userId) {
      throw new IdentityError(
        'session_not_found',
        'This challenge adds a wallet to a signed-in user; sign in as that user and try again.',
      );
    }
  }

  sdkRoute(
    app,
    services,
    'POST',
    '/crypto_wallets/authenticate',
    z.object({
      ...walletFields,
      signature: z.string().max(512),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      const address = ethereumAddressOf(call.body).toLowerCase();
      await services.rates.hit(`crypto:redeem:${call.context.ipAddress}`, 60, 60);
      const now = new Date();
      let isEarly = false;
      for (const challenge of await findLiveChallenges(db, call.project, address)) {
        const check = await checkSiweSignature(challenge.message, call.body.signature, {
          address,
          now,
        });
        // A not-yet-valid message stays live, so the same signature works once its time comes.
        if (check === 'not_valid_yet') isEarly = true;
        if (check !== 'valid') continue;
        await checkSecondaryCaller(call, challenge);
        // Of any number of concurrent redemptions, exactly one uses the nonce up.
        if (!(await claimToken(db, challenge.id))) break;
        const wallet = await walletFor(call, challenge, address);
        return call.sessions.signIn({
          userId: wallet.userId,
          factor: factor('crypto', 'crypto_wallet', {
            crypto_wallet_factor: {
              crypto_wallet_id: wallet.walletId,
              crypto_wallet_address: wallet.address,
              crypto_wallet_type: wallet.walletType,
            },
          }),
          durationMinutes: call.body.session_duration_minutes,
          currentToken: call.sessionToken,
          context: call.context,
        });
      }
      throw new IdentityError(
        isEarly ? 'siwe_message_not_valid_yet' : 'unable_to_authenticate_crypto_wallet',
      );
    },
  );
}
