import { describe, expect, it } from 'vitest';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

const PASSWORD = 'tide tables and steady keels 5120';

function tokenIn(text: string): string {
  const token = new URL(/(http\S+)/.exec(text)?.[1] ?? 'http://x').searchParams.get('token');
  if (!token) throw new Error('no token in the message');
  return token;
}

describe('PKCE pairs of both namespaces in one browser (product §4)', () => {
  const suite = identityServerAndBrowser({
    project: { pkceRequiredForEmailMagicLinks: true, pkceRequiredForPasswordResets: true },
  });

  it('authenticates a magic link after trying the password-reset pair first and falling back', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `pkce.${crypto.randomUUID()}@ballast.test`;
    await sdk.call(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      {
        email,
        password: PASSWORD,
      },
    );
    await sdk.call('return client.session.revoke();');
    // A reset started in this browser leaves its PKCE pair in the passwords namespace...
    const reset = await sdk.call(
      'return client.passwords.resetByEmailStart({ email: args.email });',
      { email },
    );
    expect(reset.ok, JSON.stringify(reset)).toBe(true);
    await suite.server.waitForMessage(email);
    // ...and a magic link asked for afterwards carries the magic_links namespace's challenge.
    const sent = await sdk.call('return client.magicLinks.email.loginOrCreate(args.email);', {
      email,
    });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const link = await suite.server.waitForMessage(email, (message) =>
      message.subject.startsWith('Your sign-in link'),
    );

    const signedIn = await sdk.call<{ session: { authentication_factors: { type: string }[] } }>(
      'return client.magicLinks.authenticate(args.token, { session_duration_minutes: 60 });',
      { token: tokenIn(link.text) },
    );
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    if (signedIn.ok)
      expect(signedIn.value.session.authentication_factors[0]?.type).toBe('magic_link');
    await sdk.close();
  });
});
