import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import { randomToken } from '../../src/crypto/tokens.ts';

/** A person at the test provider, with the standard claims it hands out. */
export type TestOidcAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
};

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 for tests, with one confidential client
 * and no pages: whoever arrives is signed in as the account `signInAs` named and consents at
 * once, so a flow through it runs without anyone typing.
 */
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the client's one redirect URI; flows answer 503 until this is called. */
  allowRedirectTo(redirectUri: string): Promise<void>;
  /** The account the next sign-in at the provider becomes. */
  signInAs(account: TestOidcAccount): void;
  /** The next sign-in is declined, as when a person presses "cancel" at the provider. */
  declineNextSignIn(): void;
  stop(): Promise<void>;
};

/** The part of oidc-provider's API used here. */
type Provider = {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  interactionDetails(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<{
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }>;
  interactionFinished(
    request: IncomingMessage,
    response: ServerResponse,
    result: object,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (input: {
    accountId: string;
    clientId: string;
  }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
};
type ProviderModule = { default: new (issuer: string, configuration: object) => Provider };

/** A test-only dependency (devDependencies), loaded by whoever starts a test provider. */
const OIDC_PROVIDER_MODULE: string = 'oidc-provider';

export async function startTestOidcProvider(): Promise<TestOidcProvider> {
  // oidc-provider ships no types; a specifier the compiler cannot follow keeps its module typed by
  // the narrow `ProviderModule` above instead of an implicit any.
  const { default: ProviderClass } = (await import(OIDC_PROVIDER_MODULE)) as ProviderModule;
  const accounts = new Map<string, TestOidcAccount>();
  let next: TestOidcAccount = { sub: 'test-subject' };
  let isDeclining = false;
  let provider: Provider | undefined;
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;

  async function interact(request: IncomingMessage, response: ServerResponse, ready: Provider) {
    const details = await ready.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      if (isDeclining) {
        isDeclining = false;
        const declined = { error: 'access_denied', error_description: 'The person declined.' };
        return ready.interactionFinished(request, response, declined, {
          mergeWithLastSubmission: false,
        });
      }
      accounts.set(next.sub, next);
      return ready.interactionFinished(
        request,
        response,
        { login: { accountId: next.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    const grant = new ready.Grant({
      accountId: details.session?.accountId ?? '',
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    return ready.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  const server = createServer((request, response) => {
    if (!provider || !handle) {
      response.writeHead(503).end('The test provider has no client yet.');
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      interact(request, response, provider).catch((error: unknown) => {
        response.writeHead(500).end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const issuer = `http://127.0.0.1:${address.port}`;
  const clientId = 'ballast-identity';
  const clientSecret = randomToken();

  return {
    issuer,
    clientId,
    clientSecret,
    async allowRedirectTo(redirectUri) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'k1' };
      provider = new ProviderClass(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [signingKey] },
        cookies: { keys: [randomToken()] },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'picture', 'locale'],
        },
        features: { devInteractions: { enabled: false } },
        adapter: memoryAdapter(),
        // Lifetimes in seconds, named so the provider does not warn about using its defaults.
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          Grant: 3600,
          IdToken: 600,
          Interaction: 600,
          Session: 3600,
        },
        interactions: {
          url: (_context: unknown, interaction: { uid: string }) =>
            `/interaction/${interaction.uid}`,
        },
        pkce: { required: () => true },
        async findAccount(_context: unknown, sub: string) {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return { accountId: sub, claims: async () => ({ ...account }) };
        },
      });
      handle = provider.callback();
    },
    signInAs(account) {
      next = account;
    },
    declineNextSignIn() {
      isDeclining = true;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Stored = Record<string, unknown> & { uid?: string; grantId?: string; consumed?: number };

/**
 * Storage for the provider's artifacts, kept in this test's memory: the provider's own default
 * does the same but warns on every start that it is not for production.
 */
function memoryAdapter() {
  const records = new Map<string, Stored>();
  return class MemoryAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: Stored): Promise<void> {
      records.set(`${this.model}:${id}`, payload);
    }
    async find(id: string): Promise<Stored | undefined> {
      return records.get(`${this.model}:${id}`);
    }
    async findByUid(uid: string): Promise<Stored | undefined> {
      for (const [key, payload] of records) {
        if (key.startsWith(`${this.model}:`) && payload.uid === uid) return payload;
      }
      return undefined;
    }
    async findByUserCode(): Promise<undefined> {
      return undefined;
    }
    async consume(id: string): Promise<void> {
      const payload = records.get(`${this.model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string): Promise<void> {
      records.delete(`${this.model}:${id}`);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, payload] of records) if (payload.grantId === grantId) records.delete(key);
    }
  };
}
