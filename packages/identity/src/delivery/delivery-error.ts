export type DeliveryErrorCode =
  /** No transport is configured for the message's channel. */
  | 'CHANNEL_NOT_CONFIGURED'
  /** The transport was handed a channel it cannot carry (an SMS to the SMTP transport). */
  | 'CHANNEL_NOT_SUPPORTED'
  /** The SMTP server or HTTP gateway refused the message, failed or did not answer in time. */
  | 'DELIVERY_FAILED';

/**
 * A message was not delivered. The message says why in terms safe to log: it never carries the
 * message's text (which holds a magic link, reset link or passcode) or any credential.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly code: DeliveryErrorCode;

  constructor(code: DeliveryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
