import { describe, expect, it } from 'vitest';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

type Grant = {
  session: { authentication_factors: { type: string; delivery_method: string }[] };
  user_id: string;
};

function tokenIn(text: string): string {
  const link = /(http\S+)/.exec(text)?.[1];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error('no link with a token in the message');
  return token;
}

function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error('no six-digit code in the message');
  return code;
}

describe('magic links and one-time passcodes through the official SDK', () => {
  const suite = identityServerAndBrowser({ project: { pkceRequiredForEmailMagicLinks: true } });

  it('signs in with an e-mailed magic link, with PKCE, once', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `lin.${crypto.randomUUID()}@ballast.test`;
    const sent = await sdk.call('return client.magicLinks.email.loginOrCreate(args.email);', {
      email,
    });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const message = await suite.server.waitForMessage(email);
    expect(message.subject).toBe('Your sign-in link for Ballast');
    const token = tokenIn(message.text);
    expect(
      new URL(/(http\S+)/.exec(message.text)?.[1] ?? '').searchParams.get('stytch_token_type'),
    ).toBe('magic_links');

    const signedIn = await sdk.call<Grant>(
      'return client.magicLinks.authenticate(args.token, { session_duration_minutes: 60 });',
      { token },
    );
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    if (signedIn.ok)
      expect(signedIn.value.session.authentication_factors[0]).toMatchObject({
        type: 'magic_link',
        delivery_method: 'email',
      });

    const reused = await sdk.call(
      'return client.magicLinks.authenticate(args.token, { session_duration_minutes: 60 });',
      { token },
    );
    expect(reused).toMatchObject({ ok: false, error: { error_type: 'unable_to_auth_magic_link' } });
    await sdk.close();
  });

  it('refuses a magic link opened in a browser that did not ask for it (no PKCE verifier)', async () => {
    const asking = await SdkPage.open(suite.browser, suite.server);
    const email = `pkce.${crypto.randomUUID()}@ballast.test`;
    await asking.call('return client.magicLinks.email.loginOrCreate(args.email);', { email });
    const token = tokenIn((await suite.server.waitForMessage(email)).text);

    const other = await SdkPage.open(suite.browser, suite.server);
    const stolen = await other.call(
      'return client.magicLinks.authenticate(args.token, { session_duration_minutes: 60 });',
      { token },
    );
    expect(stolen).toMatchObject({ ok: false, error: { error_type: 'pkce_mismatch' } });

    // The failed attempt did not use the link up: the browser that asked can still sign in.
    const owner = await asking.call(
      'return client.magicLinks.authenticate(args.token, { session_duration_minutes: 60 });',
      { token },
    );
    expect(owner.ok, JSON.stringify(owner)).toBe(true);
    await asking.close();
    await other.close();
  });

  it('signs in with an e-mailed passcode, and refuses a wrong one with invalid_code', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `otp.${crypto.randomUUID()}@ballast.test`;
    const sent = await sdk.call<{ method_id: string }>(
      'return client.otps.email.loginOrCreate(args.email);',
      { email },
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.error));
    const code = codeIn((await suite.server.waitForMessage(email)).text);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await sdk.call(
      'return client.otps.authenticate(args.code, args.method, { session_duration_minutes: 60 });',
      {
        code: wrong,
        method: sent.value.method_id,
      },
    );
    expect(refused).toMatchObject({ ok: false, error: { error_type: 'invalid_code' } });
    const signedIn = await sdk.call<Grant>(
      'return client.otps.authenticate(args.code, args.method, { session_duration_minutes: 60 });',
      {
        code,
        method: sent.value.method_id,
      },
    );
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    if (signedIn.ok)
      expect(signedIn.value.session.authentication_factors[0]).toMatchObject({
        type: 'otp',
        delivery_method: 'email',
      });
    await sdk.close();
  });

  it('signs in with a passcode sent by SMS', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const phone = `+1555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const sent = await sdk.call<{ method_id: string }>(
      'return client.otps.sms.loginOrCreate(args.phone);',
      { phone },
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.error));
    const message = await suite.server.waitForMessage(phone);
    expect(message.channel).toBe('sms');
    const signedIn = await sdk.call<Grant>(
      'return client.otps.authenticate(args.code, args.method, { session_duration_minutes: 60 });',
      {
        code: codeIn(message.text),
        method: sent.value.method_id,
      },
    );
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    if (signedIn.ok)
      expect(signedIn.value.session.authentication_factors[0]).toMatchObject({
        type: 'otp',
        delivery_method: 'sms',
      });
    await sdk.close();
  });

  it('keeps untrusted metadata that the user writes, and answers with the user', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `meta.${crypto.randomUUID()}@ballast.test`;
    const sent = await sdk.call<{ method_id: string }>(
      'return client.otps.email.loginOrCreate(args.email);',
      { email },
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.error));
    await sdk.call(
      'return client.otps.authenticate(args.code, args.method, { session_duration_minutes: 60 });',
      {
        code: codeIn((await suite.server.waitForMessage(email)).text),
        method: sent.value.method_id,
      },
    );
    const updated = await sdk.call(
      'return client.user.update({ untrusted_metadata: { theme: "dark" } });',
    );
    expect(updated.ok, JSON.stringify(updated)).toBe(true);
    expect(await sdk.call('return client.user.getSync().untrusted_metadata;')).toEqual({
      ok: true,
      value: { theme: 'dark' },
    });
    await sdk.close();
  });
});
