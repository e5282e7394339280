import { createSecretBox, type SecretBox } from '@ballast/db';
import { type AfterAnswer, createAfterAnswer } from './after-answer.ts';
import type { OutgoingMessage } from './delivery/message-transport.ts';
import type { IdentityOptions } from './identity-options.ts';
import { createImpersonationService, type ImpersonationService } from './impersonation.ts';
import { createProjectStore, type Project, type ProjectStore } from './protocol/projects.ts';
import { createRateLimiter, type RateLimiter } from './rate-limits.ts';
import { createSessionService, type SessionService } from './sessions/session-service.ts';
import { createSigningKeys, type SigningKeys } from './sessions/signing-keys.ts';
import { type AccountAccess, createAccountAccess } from './users/account-access.ts';

/** Everything the routes share, built once per service. */
export type IdentityServices = {
  options: IdentityOptions;
  box: SecretBox;
  keys: SigningKeys;
  rates: RateLimiter;
  projects: ProjectStore;
  sessionsOf(project: Project): SessionService;
  /** Mints impersonation tokens; the host decides who may (see `ImpersonationService.mint`). */
  impersonation: ImpersonationService;
  /** Invitations and the host's say over who may sign in (decision 022). */
  accounts: AccountAccess;
  /**
   * Hands a message to the transport without waiting for it, so a send call answers in the same
   * time whether or not it had anything to send. A failure is logged by channel, never by content.
   */
  send(message: OutgoingMessage): void;
  /** What a send or reset does for a known address, after the caller is answered. */
  afterAnswer: AfterAnswer;
};

export function createIdentityServices(
  options: IdentityOptions,
  logError: (message: string) => void,
): IdentityServices {
  const box = createSecretBox(options.encryptionKey);
  const keys = createSigningKeys(options, box);
  const sessions = new Map<string, SessionService>();
  return {
    options,
    box,
    keys,
    rates: createRateLimiter(options.db),
    projects: createProjectStore(options.db),
    impersonation: createImpersonationService(options),
    accounts: createAccountAccess(options),
    afterAnswer: createAfterAnswer(logError),
    send(message) {
      options.messages.send(message).catch((error: unknown) => {
        logError(
          `could not deliver a ${message.channel} message: ${error instanceof Error ? error.message : 'unknown error'}`,
        );
      });
    },
    sessionsOf(project) {
      let service = sessions.get(project.id);
      if (!service) {
        service = createSessionService(options, keys, project);
        sessions.set(project.id, service);
      }
      return service;
    },
  };
}
