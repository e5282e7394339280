export { DeliveryError, type DeliveryErrorCode } from './delivery-error.ts';
export {
  createDevOutbox,
  type DevOutbox,
  type DevOutboxOptions,
  type OutboxMessage,
  OutboxMessageSchema,
} from './dev-outbox.ts';
export {
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MessageTransport,
  type OutgoingMessage,
} from './message-transport.ts';
export { type OutboxRoutesOptions, outboxRoutes } from './outbox-routes.ts';
export { createRoutingTransport, type TransportRoutes } from './routing-transport.ts';
export { createSmsHttpTransport, type SmsHttpTransportOptions } from './sms-http-transport.ts';
export {
  createSmtpTransport,
  type SmtpTransport,
  type SmtpTransportOptions,
} from './smtp-transport.ts';
