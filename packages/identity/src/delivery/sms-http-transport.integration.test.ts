import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from './delivery-error.ts';
import { createSmsHttpTransport } from './sms-http-transport.ts';

type ReceivedRequest = { method: string; headers: IncomingHttpHeaders; body: unknown };

describe('SMS HTTP transport', () => {
  const received: ReceivedRequest[] = [];
  /** What the gateway answers next; 'hang' never answers. */
  let answer: number | 'hang' = 202;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        if (answer === 'hang') return;
        // Gateways echo the message back; the transport must not pass that on.
        response.writeHead(answer, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ echoed: chunks.join('') }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
    answer = 202;
  });

  it.each(['sms', 'whatsapp'] as const)(
    'POSTs a %s message as JSON with the bearer token',
    async (channel) => {
      const transport = createSmsHttpTransport({ url, authToken: 'gateway-token-1' });
      await transport.send({
        channel,
        to: '+15555550123',
        subject: '',
        text: 'Your code is 123456',
      });

      expect(received).toEqual([
        {
          method: 'POST',
          headers: expect.objectContaining({
            authorization: 'Bearer gateway-token-1',
            'content-type': 'application/json',
          }),
          body: { channel, to: '+15555550123', text: 'Your code is 123456' },
        },
      ]);
    },
  );

  it('sends no Authorization header without a token', async () => {
    const transport = createSmsHttpTransport({ url });
    await transport.send({ channel: 'sms', to: '+15555550123', subject: '', text: 'Code 1' });

    expect(received).toHaveLength(1);
    expect(received[0]?.headers).not.toHaveProperty('authorization');
  });

  it('fails on a 500, naming the status but neither the text nor the token', async () => {
    answer = 500;
    const transport = createSmsHttpTransport({ url, authToken: 'gateway-token-2' });
    const error = await transport
      .send({ channel: 'sms', to: '+15555550123', subject: '', text: 'Your code is 987654' })
      .catch((caught: unknown) => caught);

    expect(received).toHaveLength(1);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({
      code: 'DELIVERY_FAILED',
      message: expect.stringContaining('500'),
    });
    const logged = inspect(error, { depth: 10 });
    expect(logged).not.toContain('987654');
    expect(logged).not.toContain('gateway-token-2');
  });

  it('gives up on a gateway that does not answer in time', async () => {
    answer = 'hang';
    const transport = createSmsHttpTransport({ url, timeoutMs: 200 });

    await expect(
      transport.send({ channel: 'sms', to: '+15555550123', subject: '', text: 'Code 2' }),
    ).rejects.toMatchObject({ code: 'DELIVERY_FAILED' });
    expect(received).toHaveLength(1);
  });
});
