import nodemailer from 'nodemailer';
import { DeliveryError } from './delivery-error.ts';
import type { MessageTransport, OutgoingMessage } from './message-transport.ts';

export type SmtpTransportOptions = {
  /** `smtp://user:pass@host:587` (upgrades with STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** The From header, e.g. `Ballast <no-reply@example.com>`. */
  from: string;
};

export type SmtpTransport = MessageTransport & {
  /** Closes the pooled SMTP connections; for when the server shuts down. */
  close(): void;
};

// A person waits on the sign-in form while we send, so a dead server must fail in seconds, not
// in nodemailer's default two minutes.
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export function createSmtpTransport({ url, from }: SmtpTransportOptions): SmtpTransport {
  // The URL holds the SMTP password, so a bad one is refused without echoing it (URL's own
  // TypeError carries the input).
  const protocol = URL.parse(url)?.protocol;
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error('The SMTP URL must be smtp://user:pass@host:port or smtps://…');
  }
  const mailer = nodemailer.createTransport({
    url,
    pool: true,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // Nodemailer's debug log would carry every message's text, magic links included.
    logger: false,
    debug: false,
  });

  return {
    async send(message: OutgoingMessage): Promise<void> {
      if (message.channel !== 'email') {
        throw new DeliveryError(
          'CHANNEL_NOT_SUPPORTED',
          `The SMTP transport sends email only, not ${message.channel} messages.`,
        );
      }
      try {
        await mailer.sendMail({
          from,
          // An address object, not a string, so a comma in `to` cannot become a second recipient.
          to: { name: '', address: message.to },
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        throw new DeliveryError(
          'DELIVERY_FAILED',
          `The SMTP server did not take the email (${describeSmtpError(error)}).`,
          { cause: error },
        );
      }
    },
    close(): void {
      mailer.close();
    },
  };
}

function describeSmtpError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown error';
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'error';
  const responseCode =
    'responseCode' in error && typeof error.responseCode === 'number'
      ? ` ${error.responseCode}`
      : '';
  return `${code}${responseCode}`;
}
