import { describe, expect, it } from 'vitest';
import { IdentityError } from '../identity-error.ts';
import { readStartParameters } from './start-parameters.ts';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function read(query: Record<string, string>, isPkceRequired = true) {
  return readStartParameters(new URLSearchParams({ public_token: 'pt', ...query }), isPkceRequired);
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof IdentityError) return `${error.errorType}: ${error.message}`;
    throw error;
  }
  return undefined;
}

describe('readStartParameters', () => {
  it('reads the query as the SDK builds it', () => {
    // URLSearchParams encodes custom_scopes' spaces as `+`, as the SDK's URL does.
    const query = new URLSearchParams(
      `public_token=pt&code_challenge=${CHALLENGE}&custom_scopes=a+b&provider_prompt=consent&provider_login_hint=ada%40example.test&login_redirect_url=http%3A%2F%2Flocalhost%2Fa`,
    );
    expect(readStartParameters(query, true)).toEqual({
      publicToken: 'pt',
      codeChallenge: CHALLENGE,
      loginRedirectUrl: 'http://localhost/a',
      signupRedirectUrl: undefined,
      customScopes: ['a', 'b'],
      providerParams: { prompt: 'consent', login_hint: 'ada@example.test' },
    });
  });

  it('requires the PKCE challenge only when the project does, and then in S256 form', () => {
    expect(refusal(() => read({}))).toMatch(/^bad_request: code_challenge/);
    expect(read({}, false).codeChallenge).toBeUndefined();
    expect(refusal(() => read({ code_challenge: 'plain-verifier' }))).toMatch(/S256/);
  });

  it('refuses a missing public token as the SDK calls do', () => {
    expect(refusal(() => readStartParameters(new URLSearchParams(), false))).toMatch(
      /^public_token_not_found/,
    );
  });

  it.each(['state', 'redirect_uri', 'code_challenge', 'client_id', 'scope', 'nonce', 'Bad-Name'])(
    'never passes provider_%s through to the provider',
    (name) => {
      expect(refusal(() => read({ code_challenge: CHALLENGE, [`provider_${name}`]: 'x' }))).toMatch(
        /cannot be passed/,
      );
    },
  );

  it('refuses scopes that are not OAuth scope tokens, and attach tokens it cannot honour', () => {
    expect(refusal(() => read({ code_challenge: CHALLENGE, custom_scopes: 'a "b' }))).toMatch(
      /custom_scopes/,
    );
    expect(refusal(() => read({ code_challenge: CHALLENGE, oauth_attach_token: 't' }))).toMatch(
      /oauth_attach_token/,
    );
  });
});
