import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from './dev-outbox.ts';
import { renderOutboxPage } from './render-outbox-page.ts';

function message(overrides: Partial<OutboxMessage>): OutboxMessage {
  return {
    id: 'e3b0c442-98fc-1c14-9afb-f4c8996fb924',
    to: 'ada@example.com',
    channel: 'email',
    subject: 'Your sign-in link',
    text: 'Hello',
    created_at: '2026-01-02T03:04:05.678Z',
    ...overrides,
  };
}

describe('outbox page', () => {
  it('is a titled, unindexed page that says when there is nothing to show', () => {
    const page = renderOutboxPage([]);

    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<title>Outbox | Ballast</title>');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('<p>No messages yet.</p>');
  });

  it('shows time, channel, recipient, subject and text of each message in the given order', () => {
    const page = renderOutboxPage([
      message({ channel: 'sms', to: '+15555550123', subject: '', text: 'Code 222222' }),
      message({ text: 'Code 111111' }),
    ]);

    expect(page).toContain(
      '<time datetime="2026-01-02T03:04:05.678Z">2026-01-02 03:04:05 UTC</time>',
    );
    expect(page).toContain('<dt>Channel</dt><dd>SMS</dd>');
    expect(page).toContain('<dt>To</dt><dd>+15555550123</dd>');
    expect(page).toContain('<h2 id="message-1">SMS to +15555550123</h2>');
    expect(page).toContain('<h2 id="message-2">Your sign-in link</h2>');
    expect(page.indexOf('<pre>Code 222222</pre>')).toBeLessThan(
      page.indexOf('<pre>Code 111111</pre>'),
    );
  });

  it('makes http(s) links clickable, leaving out the sentence’s full stop', () => {
    const page = renderOutboxPage([
      message({ text: 'Sign in: https://ballast.test/authenticate?token=abc&next=%2F.\nThanks' }),
    ]);

    expect(page).toContain(
      '<pre>Sign in: <a href="https://ballast.test/authenticate?token=abc&amp;next=%2F">https://ballast.test/authenticate?token=abc&amp;next=%2F</a>.\nThanks</pre>',
    );
  });

  it('escapes every value and links nothing but http(s)', () => {
    const page = renderOutboxPage([
      message({
        to: '"><img src=x onerror=alert(1)>@example.com',
        subject: '<script>alert("subject")</script>',
        text: '<script>alert(1)</script> javascript:alert(2) https://ballast.test/"onmouseover="x',
        created_at: '2026-01-02T03:04:05.678Z',
      }),
    ]);

    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('href="javascript');
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(2)');
    expect(page).toContain(
      '<a href="https://ballast.test/">https://ballast.test/</a>&quot;onmouseover=&quot;x',
    );
  });
});
