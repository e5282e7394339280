import { describe, expect, it } from 'vitest';
import type { MessageTransport, OutgoingMessage } from './message-transport.ts';
import { createRoutingTransport } from './routing-transport.ts';

function createRecordingTransport(): MessageTransport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
    },
  };
}

const email: OutgoingMessage = { channel: 'email', to: 'ada@example.com', subject: 'S', text: 'T' };
const sms: OutgoingMessage = { channel: 'sms', to: '+15555550123', subject: '', text: 'Code 1' };
const whatsapp: OutgoingMessage = { ...sms, channel: 'whatsapp' };

describe('routing transport', () => {
  it('hands each message to the transport of its channel', async () => {
    const mail = createRecordingTransport();
    const gateway = createRecordingTransport();
    const transport = createRoutingTransport({ email: mail, sms: gateway, whatsapp: gateway });

    await transport.send(email);
    await transport.send(sms);
    await transport.send(whatsapp);

    expect(mail.sent).toEqual([email]);
    expect(gateway.sent).toEqual([sms, whatsapp]);
  });

  it('fails with CHANNEL_NOT_CONFIGURED for a channel without a transport', async () => {
    const gateway = createRecordingTransport();
    const transport = createRoutingTransport({ email: createRecordingTransport(), sms: gateway });

    await expect(transport.send(whatsapp)).rejects.toMatchObject({
      code: 'CHANNEL_NOT_CONFIGURED',
      message: 'No transport is configured for whatsapp messages.',
    });
    expect(gateway.sent).toEqual([]);
  });

  it('passes on the failure of the chosen transport', async () => {
    const failing: MessageTransport = {
      send: () => Promise.reject(new Error('gateway down')),
    };
    const transport = createRoutingTransport({ sms: failing });

    await expect(transport.send(sms)).rejects.toThrow('gateway down');
  });
});
