export type { IdentityPluginOptions } from './build-identity.ts';
export { buildIdentity } from './build-identity.ts';
export {
  createDevOutbox,
  createRoutingTransport,
  createSmsHttpTransport,
  createSmtpTransport,
  type DevOutbox,
  type MessageTransport,
  outboxRoutes,
} from './delivery/index.ts';
export { IdentityError, type IdentityErrorType } from './identity-error.ts';
export type {
  IdentityLimits,
  IdentityOptions,
  ProjectSettings,
  UserSignInPolicy,
} from './identity-options.ts';
export { DEFAULT_LIMITS } from './identity-options.ts';
export type { IdentityServices } from './identity-services.ts';
export type {
  ImpersonationService,
  ImpersonationToken,
  MintImpersonationInput,
} from './impersonation.ts';
export type { Project } from './protocol/projects.ts';
export type { AccountAccess, AccountState, Invitation } from './users/account-access.ts';
export { ensurePasswordUser, findFirstProjectToken } from './users/ensure-password-user.ts';
