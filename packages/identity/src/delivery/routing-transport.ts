import { DeliveryError } from './delivery-error.ts';
import type { MessageChannel, MessageTransport, OutgoingMessage } from './message-transport.ts';

/** The transport for each channel; one transport may serve several (the SMS gateway: whatsapp). */
export type TransportRoutes = Partial<Record<MessageChannel, MessageTransport>>;

export function createRoutingTransport(routes: TransportRoutes): MessageTransport {
  return {
    async send(message: OutgoingMessage): Promise<void> {
      const transport = routes[message.channel];
      if (!transport) {
        throw new DeliveryError(
          'CHANNEL_NOT_CONFIGURED',
          `No transport is configured for ${message.channel} messages.`,
        );
      }
      await transport.send(message);
    },
  };
}
