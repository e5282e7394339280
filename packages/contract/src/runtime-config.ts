/**
 * What the server tells the browser at `/config.json`: where the api and the identity service
 * live, which sign-in methods this installation offers, and how users reach support.
 */
import { z } from 'zod';
import { SignInMethodSchema } from './entities/sign-in-policy.ts';

export const RuntimeConfigSchema = z.object({
  apiUrl: z.string(),
  identityUrl: z.string(),
  publicToken: z.string(),
  signIn: z.object({
    /** The ways of signing in some firm of this installation offers (decision 023). */
    methods: z.array(SignInMethodSchema),
    /** Names of the configured OAuth providers, in the order the login screen shows them. */
    oauthProviders: z.array(z.string()),
    /** Whether text messages can be delivered (a webhook, or the demo outbox). */
    sms: z.boolean(),
    /** How long a sign-in asks its session to last, within the server's maximum. */
    sessionMinutes: z.int().positive(),
  }),
  support: z.object({ phone: z.string(), email: z.string() }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
