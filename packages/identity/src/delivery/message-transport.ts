export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** One message to one person; `subject` is '' for sms and whatsapp, which have none. */
export type OutgoingMessage = {
  channel: MessageChannel;
  to: string;
  subject: string;
  text: string;
};

/** Resolves once the message is handed over (or kept, by the dev outbox); rejects otherwise. */
export type MessageTransport = {
  send(message: OutgoingMessage): Promise<void>;
};
