import { type Db, schema } from '@ballast/db';
import { desc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MESSAGE_CHANNELS,
  type MessageTransport,
  type OutgoingMessage,
} from './message-transport.ts';

/** One entry of `GET /dev/outbox.json`. */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  subject: z.string(),
  text: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export type DevOutbox = MessageTransport & {
  /** The newest `limit` messages (all that are kept by default), newest first. */
  list(limit?: number): Promise<OutboxMessage[]>;
};

export type DevOutboxOptions = {
  /** How many messages are kept; older ones are deleted as new ones arrive. */
  maxMessages?: number;
};

const { identityOutbox } = schema;
const newestFirst = [desc(identityOutbox.createdAt), desc(identityOutbox.id)];

/**
 * Keeps every message in the database instead of sending it, for development and tests. It
 * stores magic links and passcodes in the clear, so the server must never use it in production.
 */
export function createDevOutbox(db: Db, { maxMessages = 500 }: DevOutboxOptions = {}): DevOutbox {
  if (!Number.isInteger(maxMessages) || maxMessages < 1) {
    throw new Error('maxMessages must be a positive integer.');
  }

  return {
    async send(message: OutgoingMessage): Promise<void> {
      await db.insert(identityOutbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        // PGlite's clock ticks in milliseconds, so a passcode and its resend could share a
        // timestamp and "newest" would be a coin toss; each message is made later than the last.
        createdAt: sql`greatest(now(), (select max(${identityOutbox.createdAt}) + interval '1 microsecond' from ${identityOutbox}))`,
      });
      await db.delete(identityOutbox).where(
        inArray(
          identityOutbox.id,
          db
            .select({ id: identityOutbox.id })
            .from(identityOutbox)
            .orderBy(...newestFirst)
            .offset(maxMessages),
        ),
      );
    },

    async list(limit = maxMessages): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(identityOutbox)
        .orderBy(...newestFirst)
        .limit(Math.max(0, Math.floor(limit)));
      return rows.map((row) =>
        OutboxMessageSchema.parse({
          id: row.id,
          to: row.recipient,
          channel: row.channel,
          subject: row.subject,
          text: row.text,
          created_at: row.createdAt.toISOString(),
        }),
      );
    },
  };
}
