import { z } from 'zod';

/** Request fields shared by many calls, shaped as the SDK sends them. */
export const emailField = z.email({ error: 'must be a valid email address' }).max(320);
export const sessionMinutesField = z.number().int().optional();
/** Sent by the SDK on many calls; this service runs no captcha or device fingerprinting. */
export const sdkExtras = {
  captcha_token: z.string().optional(),
  dfp_telemetry_id: z.string().optional(),
};
export const phoneField = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, { error: 'must be an E.164 phone number such as +15555550123' });
