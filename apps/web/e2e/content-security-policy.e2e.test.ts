import { describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

// Every browser test fails on a violation of the server's policy (e2e/support/suite.ts); these
// show that the policy is the one the page gets, that it refuses, and that a refusal is heard.
describe('the Content-Security-Policy', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  it('comes with the app, which signs in and shows the home page under it', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url });
    const page = await context.newPage();
    const response = await page.goto('/auth/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    const user = await suite.server.createUser();
    await signInWithPassword(page, user);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });

  it('refuses a script the app did not ship, and the refusal fails the test it happens in', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    // As an injected script would: an inline script, an eval, and a picture from elsewhere.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.head.append(script);
      setTimeout('window.injectedEvalRan = true;');
      const image = document.createElement('img');
      image.src = 'https://tracker.invalid/pixel.png';
      document.body.append(image);
    });
    const heard: string[] = [];
    await expect
      .poll(() => {
        heard.push(...suite.policyViolations.take());
        return ['script-src-elem', 'script-src', 'img-src'].filter((directive) =>
          heard.some((line) => line.includes(`violation: ${directive} `)),
        );
      })
      .toEqual(['script-src-elem', 'script-src', 'img-src']);
    expect(
      await page.evaluate(() => Object.keys(window).filter((key) => key.startsWith('injected'))),
    ).toEqual([]);
    await context.close();
  });
});
