import { DeliveryError } from './delivery-error.ts';
import type { MessageTransport, OutgoingMessage } from './message-transport.ts';

export type SmsHttpTransportOptions = {
  /** The gateway endpoint that takes `POST {channel, to, text}` as JSON; http or https. */
  url: string;
  /** Sent as `Authorization: Bearer <authToken>` when given. */
  authToken?: string;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** Hands sms and whatsapp messages to an HTTP gateway, which must answer 2xx once it has them. */
export function createSmsHttpTransport({
  url,
  authToken,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: SmsHttpTransportOptions): MessageTransport {
  const endpoint = URL.parse(url);
  if (!endpoint || (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')) {
    throw new Error('The SMS gateway URL must be an http:// or https:// URL.');
  }
  // fetch refuses such a URL with an error that quotes it, credentials and all.
  if (endpoint.username || endpoint.password) {
    throw new Error('The SMS gateway URL must not hold credentials; pass authToken instead.');
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authToken) headers.authorization = `Bearer ${authToken}`;

  return {
    async send(message: OutgoingMessage): Promise<void> {
      if (message.channel !== 'sms' && message.channel !== 'whatsapp') {
        throw new DeliveryError(
          'CHANNEL_NOT_SUPPORTED',
          `The SMS gateway sends sms and whatsapp messages, not ${message.channel}.`,
        );
      }
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ channel: message.channel, to: message.to, text: message.text }),
          // Following a redirect would hand the passcode to an address nobody configured.
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new DeliveryError(
          'DELIVERY_FAILED',
          `The SMS gateway could not be reached for a ${message.channel} message.`,
          { cause: error },
        );
      }
      // The body is dropped unread: a gateway may echo the message, passcode included.
      await response.body?.cancel();
      if (!response.ok) {
        throw new DeliveryError(
          'DELIVERY_FAILED',
          `The SMS gateway answered ${response.status} to a ${message.channel} message.`,
        );
      }
    },
  };
}
