import { describe, expect, it } from 'vitest';
import { createSmsHttpTransport } from './sms-http-transport.ts';

describe('SMS HTTP transport configuration', () => {
  it('refuses an email message before any request', async () => {
    // Port 9 (discard) is never reached: the channel check comes first.
    const transport = createSmsHttpTransport({ url: 'http://127.0.0.1:9/messages' });
    await expect(
      transport.send({ channel: 'email', to: 'ada@example.com', subject: 'S', text: 'T' }),
    ).rejects.toMatchObject({ code: 'CHANNEL_NOT_SUPPORTED' });
  });

  it.each([
    ['not a URL', 'gateway.test/messages'],
    ['another scheme', 'ftp://gateway.test/messages'],
  ])('refuses %s', (_case, url) => {
    expect(() => createSmsHttpTransport({ url })).toThrow(/http:\/\/ or https:\/\//);
  });

  it('refuses credentials in the URL without echoing them', () => {
    const refuse = () => createSmsHttpTransport({ url: 'https://sid:hunter2@gateway.test/send' });

    expect(refuse).toThrow('pass authToken instead');
    expect(refuse).not.toThrow('hunter2');
  });
});
