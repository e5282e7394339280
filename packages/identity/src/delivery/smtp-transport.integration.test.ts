import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from './delivery-error.ts';
import { createSmtpTransport, type SmtpTransport } from './smtp-transport.ts';

type ReceivedMail = { user: unknown; from: string; to: string[]; raw: string };

describe('SMTP transport', () => {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let transport: SmtpTransport;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'p@ss:word') {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onRcptTo(address, _session, callback) {
        callback(address.address.endsWith('@refused.test') ? new Error('No such mailbox') : null);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            user: session.user,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    transport = createSmtpTransport({
      url: `smtp://mailer:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}`,
      from: 'Ballast <no-reply@ballast.test>',
    });
  });

  afterAll(async () => {
    transport.close();
    await new Promise<void>((resolve) => server.close(resolve));
  });

  it('delivers a plain-text email with its magic link, signed in with the URL credentials', async () => {
    const link = `https://ballast.test/authenticate?token=${'a1b2c3d4'.repeat(8)}`;
    await transport.send({
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Your sign-in link',
      text: `Hello,\n\nSign in to Ballast: ${link}\n\nThe link expires in 15 minutes.`,
    });

    const mail = received.at(-1);
    expect(mail).toMatchObject({
      user: 'mailer',
      from: 'no-reply@ballast.test',
      to: ['ada@example.com'],
    });
    const { headers, body } = parseMail(mail?.raw ?? '');
    expect(headers.get('subject')).toBe('Your sign-in link');
    expect(headers.get('to')).toBe('ada@example.com');
    expect(headers.get('from')).toBe('Ballast <no-reply@ballast.test>');
    expect(headers.get('content-type')).toMatch(/^text\/plain/);
    expect(body).toContain(`Sign in to Ballast: ${link}`);
    expect(body).toContain('The link expires in 15 minutes.');
  });

  it('keeps a comma in the recipient from reaching a second mailbox', async () => {
    const error = await transport
      .send({ channel: 'email', to: 'ada@example.com, eve@example.com', subject: 'S', text: 'T' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(DeliveryError);
    expect(received.flatMap((mail) => mail.to)).not.toContain('eve@example.com');
  });

  it('fails with DELIVERY_FAILED when the server refuses the recipient, without the text', async () => {
    const error = await transport
      .send({
        channel: 'email',
        to: 'nobody@refused.test',
        subject: 'Reset your password',
        text: 'Reset: https://ballast.test/reset?token=secret-reset-token',
      })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ code: 'DELIVERY_FAILED' });
    expect(inspect(error, { depth: 10 })).not.toContain('secret-reset-token');
  });

  it('fails with DELIVERY_FAILED when the credentials are wrong, naming no password', async () => {
    const wrong = createSmtpTransport({
      url: `smtp://mailer:wrong-secret@127.0.0.1:${port}`,
      from: 'no-reply@ballast.test',
    });
    try {
      const error = await wrong
        .send({ channel: 'email', to: 'ada@example.com', subject: 'S', text: 'T' })
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({
        code: 'DELIVERY_FAILED',
        message: expect.stringMatching(/EAUTH/),
      });
      expect(inspect(error, { depth: 10 })).not.toContain('wrong-secret');
    } finally {
      wrong.close();
    }
  });

  it('refuses sms and whatsapp messages', async () => {
    for (const channel of ['sms', 'whatsapp'] as const) {
      await expect(
        transport.send({ channel, to: '+15555550123', subject: '', text: 'Code 123456' }),
      ).rejects.toMatchObject({ code: 'CHANNEL_NOT_SUPPORTED' });
    }
  });

  it('refuses a URL that is not smtp:// or smtps://, without echoing it', () => {
    expect(() =>
      createSmtpTransport({ url: 'https://mailer:hunter2@mail.test', from: 'a@b.test' }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2') }));
  });
});

/** Headers (unfolded, keys lower-cased) and the body decoded from quoted-printable if need be. */
function parseMail(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  if (headers.get('content-transfer-encoding') === 'quoted-printable') {
    body = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
  }
  return { headers, body: body.replace(/\r\n/g, '\n') };
}
