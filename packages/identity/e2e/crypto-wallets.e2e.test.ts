import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { type HDNodeWallet, Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

type Factor = { type: string; delivery_method: string; crypto_wallet_factor?: unknown };
type Grant = {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: { authentication_factors: Factor[] };
  user: { crypto_wallets: { crypto_wallet_address: string; crypto_wallet_type: string }[] };
};

const PASSWORD = 'an unguessable passphrase 4417';

const START = `return client.cryptoWallets.authenticateStart({
  crypto_wallet_address: args.address,
  crypto_wallet_type: 'ethereum',
  siwe_params: args.siwe,
});`;
const AUTHENTICATE = `return client.cryptoWallets.authenticate({
  crypto_wallet_address: args.address,
  crypto_wallet_type: 'ethereum',
  signature: args.signature,
  session_duration_minutes: 60,
});`;

describe('Ethereum wallets (Sign-In with Ethereum)', () => {
  const suite = identityServerAndBrowser();

  /** Calls the protocol as the SDK does, from the page `page` unless told otherwise. */
  function post(
    path: string,
    body: object,
    options: { session?: string; page?: string | null; origin?: string } = {},
  ) {
    const secret = options.session ?? suite.server.publicToken;
    const page = options.page === undefined ? suite.server.url : options.page;
    return fetch(`${suite.server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${suite.server.publicToken}:${secret}`).toString('base64')}`,
        'content-type': 'application/json',
        ...(page === null ? {} : { 'x-sdk-parent-host': page }),
        ...(options.origin ? { origin: options.origin } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  async function startFor(wallet: HDNodeWallet, options: { session?: string; siwe?: object } = {}) {
    const variant = options.session ? 'secondary' : 'primary';
    const response = await post(
      `/crypto_wallets/authenticate/start/${variant}`,
      {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        siwe_params: options.siwe,
      },
      { session: options.session },
    );
    const body = (await response.json()) as { data?: { challenge: string } };
    if (!body.data) throw new Error(`start failed: ${JSON.stringify(body)}`);
    return body.data.challenge;
  }

  function authenticate(wallet: HDNodeWallet, signature: string, session?: string) {
    return post(
      '/crypto_wallets/authenticate',
      {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        signature,
        session_duration_minutes: 60,
      },
      { session },
    );
  }

  async function errorTypeOf(response: Response): Promise<string> {
    return ((await response.json()) as { error_type: string }).error_type;
  }

  beforeAll(async () => {
    // The harness page's origin holds the port chosen at listen, so it joins the project's own
    // pages (the SIWE allow-list) once the server is up.
    const settings = suite.server.services.options.project;
    settings.allowedRedirectUrls = [...settings.allowedRedirectUrls, suite.server.url];
  });

  // Every test starts with fresh rate windows, so the order of the tests does not matter.
  beforeEach(async () => {
    await suite.server.database.db.delete(schema.identityRateCounters);
  });

  it('signs in through the SDK with the wallet’s signature, once; another key is refused', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const wallet = Wallet.createRandom();
    const started = await sdk.call<{ challenge: string }>(START, {
      address: wallet.address,
      siwe: {
        statement: 'Sign in to Ballast.',
        chain_id: '10',
        resources: ['https://ballast.test/terms'],
      },
    });
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    const message = new SiweMessage(started.value.challenge);
    const page = new URL(suite.server.url);
    expect(message).toMatchObject({
      scheme: 'http',
      domain: page.host,
      address: wallet.address,
      uri: suite.server.url,
      statement: 'Sign in to Ballast.',
      chainId: 10,
      resources: ['https://ballast.test/terms'],
    });
    const lifetime = Date.parse(message.expirationTime ?? '') - Date.parse(message.issuedAt ?? '');
    expect(lifetime).toBe(5 * 60_000);

    const stranger = Wallet.createRandom();
    const refused = await sdk.call(AUTHENTICATE, {
      address: wallet.address,
      signature: await stranger.signMessage(started.value.challenge),
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { error_type: 'unable_to_authenticate_crypto_wallet' },
    });

    const signature = await wallet.signMessage(started.value.challenge);
    const signedIn = await sdk.call<Grant>(AUTHENTICATE, { address: wallet.address, signature });
    if (!signedIn.ok) throw new Error(JSON.stringify(signedIn.error));
    const address = wallet.address.toLowerCase();
    expect(signedIn.value.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'crypto',
        delivery_method: 'crypto_wallet',
        crypto_wallet_factor: {
          crypto_wallet_id: expect.stringMatching(/^crypto-wallet-test-/),
          crypto_wallet_address: address,
          crypto_wallet_type: 'ethereum',
        },
      }),
    ]);
    expect(signedIn.value.user.crypto_wallets).toMatchObject([
      { crypto_wallet_address: address, crypto_wallet_type: 'ethereum', verified: true },
    ]);
    expect(await sdk.cookie('__session')).toBe(signedIn.value.session_jwt);

    const replayed = await sdk.call(AUTHENTICATE, { address: wallet.address, signature });
    expect(replayed).toMatchObject({
      ok: false,
      error: { error_type: 'unable_to_authenticate_crypto_wallet' },
    });
    await sdk.close();
  });

  it('adds a wallet to the signed-in user through the SDK (secondary), then signs in with it', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `wallet.${crypto.randomUUID()}@ballast.test`;
    const signedUp = await sdk.call<Grant>(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email, password: PASSWORD },
    );
    if (!signedUp.ok) throw new Error(JSON.stringify(signedUp.error));

    const wallet = Wallet.createRandom();
    const started = await sdk.call<{ challenge: string }>(START, { address: wallet.address });
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    const added = await sdk.call<Grant>(AUTHENTICATE, {
      address: wallet.address,
      signature: await wallet.signMessage(started.value.challenge),
    });
    if (!added.ok) throw new Error(JSON.stringify(added.error));
    expect(added.value.user_id).toBe(signedUp.value.user_id);
    expect(added.value.session.authentication_factors.map((factor) => factor.type).sort()).toEqual([
      'crypto',
      'password',
    ]);
    expect(added.value.user.crypto_wallets).toMatchObject([
      { crypto_wallet_address: wallet.address.toLowerCase() },
    ]);
    await sdk.close();

    // Later, with no session, the wallet alone signs in as the same user.
    const signedIn = await authenticate(wallet, await wallet.signMessage(await startFor(wallet)));
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { data: Grant }).data.user_id).toBe(signedUp.value.user_id);
  });

  it('supports only ethereum, and refuses an address whose EIP-55 checksum is wrong', async () => {
    const wallet = Wallet.createRandom();
    const start = (address: string, type = 'ethereum') =>
      post('/crypto_wallets/authenticate/start/primary', {
        crypto_wallet_address: address,
        crypto_wallet_type: type,
      });

    const solana = await start('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'solana');
    expect(solana.status).toBe(400);
    expect(await errorTypeOf(solana)).toBe('invalid_wallet_type');

    const badChecksum = wallet.address.replace(/[a-f]/, (letter) => letter.toUpperCase());
    expect(await errorTypeOf(await start(badChecksum))).toBe('invalid_crypto_wallet_address');
    expect(await errorTypeOf(await start('0x1234'))).toBe('invalid_crypto_wallet_address');

    // Lower case carries no checksum and is accepted; the message names the EIP-55 form.
    const lower = await start(wallet.address.toLowerCase());
    expect(lower.status).toBe(200);
    const { data } = (await lower.json()) as { data: { challenge: string } };
    expect(new SiweMessage(data.challenge).address).toBe(wallet.address);
  });

  it('names only the project’s own pages: domain from X-SDK-Parent-Host, uri on an allowed origin', async () => {
    const wallet = Wallet.createRandom();
    const body = { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' };
    const path = '/crypto_wallets/authenticate/start/primary';

    const foreign = await post(path, body, { page: 'https://evil.example' });
    expect(foreign.status).toBe(400);
    expect(await errorTypeOf(foreign)).toBe('invalid_siwe_domain');
    expect(await errorTypeOf(await post(path, body, { page: null }))).toBe('invalid_siwe_domain');
    expect(await errorTypeOf(await post(path, body, { origin: 'https://evil.example' }))).toBe(
      'invalid_siwe_domain',
    );

    const elsewhere = { ...body, siwe_params: { uri: 'https://evil.example/login' } };
    expect(await errorTypeOf(await post(path, elsewhere))).toBe('invalid_siwe_uri');
    const injected = { ...body, siwe_params: { statement: 'Hi\nURI: https://evil.example' } };
    expect(await errorTypeOf(await post(path, injected))).toBe('invalid_siwe_statement');
    const chain = { ...body, siwe_params: { chain_id: 'mainnet' } };
    expect(await errorTypeOf(await post(path, chain))).toBe('invalid_siwe_chain_id');
  });

  it('refuses an expired challenge', async () => {
    const wallet = Wallet.createRandom();
    const challenge = await startFor(wallet);
    await suite.server.database.db
      .update(schema.identityOneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(schema.identityOneTimeTokens.kind, 'crypto_challenge'),
          eq(schema.identityOneTimeTokens.methodId, wallet.address.toLowerCase()),
        ),
      );
    const refused = await authenticate(wallet, await wallet.signMessage(challenge));
    expect(refused.status).toBe(401);
    expect(await errorTypeOf(refused)).toBe('unable_to_authenticate_crypto_wallet');
  });

  it('keeps an earlier challenge working when someone asks for another for the same address', async () => {
    const wallet = Wallet.createRandom();
    const first = await startFor(wallet);
    await startFor(wallet);
    const signedIn = await authenticate(wallet, await wallet.signMessage(first));
    expect(signedIn.status).toBe(200);
  });

  it('redeems a signed challenge exactly once among 20 concurrent attempts, making one user', async () => {
    const wallet = Wallet.createRandom();
    const signature = await wallet.signMessage(await startFor(wallet));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => authenticate(wallet, signature).then((r) => r.status)),
    );
    expect(results.filter((status) => status === 200)).toHaveLength(1);
    expect(results.filter((status) => status === 401)).toHaveLength(19);
    const wallets = await suite.server.database.db
      .select()
      .from(schema.identityCryptoWallets)
      .where(eq(schema.identityCryptoWallets.address, wallet.address.toLowerCase()));
    expect(wallets).toHaveLength(1);
  });

  it('refuses a message before its not_before time', async () => {
    const wallet = Wallet.createRandom();
    const notBefore = new Date(Date.now() + 2 * 60_000).toISOString();
    const challenge = await startFor(wallet, { siwe: { not_before: notBefore } });
    const early = await authenticate(wallet, await wallet.signMessage(challenge));
    expect(early.status).toBe(400);
    expect(await errorTypeOf(early)).toBe('siwe_message_not_valid_yet');
  });

  it('needs a live session for a secondary start, and never moves a wallet to another user', async () => {
    const wallet = Wallet.createRandom();
    const noSession = await post('/crypto_wallets/authenticate/start/secondary', {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    expect(noSession.status).toBe(404);
    expect(await errorTypeOf(noSession)).toBe('session_not_found');

    const owner = await authenticate(wallet, await wallet.signMessage(await startFor(wallet)));
    expect(owner.status).toBe(200);

    const other = await post('/passwords', {
      email: `other.${crypto.randomUUID()}@ballast.test`,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const { session_token: session } = ((await other.json()) as { data: Grant }).data;
    const challenge = await startFor(wallet, { session });
    const taken = await authenticate(wallet, await wallet.signMessage(challenge), session);
    expect(taken.status).toBe(400);
    expect(await errorTypeOf(taken)).toBe('duplicate_wallet_address');
  });

  it('lets a secondary challenge work only for the user who asked for it', async () => {
    const signUp = async () => {
      const response = await post('/passwords', {
        email: `asker.${crypto.randomUUID()}@ballast.test`,
        password: PASSWORD,
        session_duration_minutes: 60,
      });
      return ((await response.json()) as { data: Grant }).data.session_token;
    };
    const asker = await signUp();
    const wallet = Wallet.createRandom();
    const signature = await wallet.signMessage(await startFor(wallet, { session: asker }));

    const anonymous = await authenticate(wallet, signature);
    expect(await errorTypeOf(anonymous)).toBe('session_not_found');
    const someoneElse = await authenticate(wallet, signature, await signUp());
    expect(await errorTypeOf(someoneElse)).toBe('session_not_found');
    // Neither attempt used the challenge up: the user who asked still can.
    const added = await authenticate(wallet, signature, asker);
    expect(added.status).toBe(200);
  });
});
