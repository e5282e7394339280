export type { IdentityPluginOptions } from './build-identity.ts';
export { buildIdentity } from './build-identity.ts';
export type { IdentityLimits, IdentityOptions, ProjectSettings } from './identity-options.ts';
export { DEFAULT_LIMITS } from './identity-options.ts';
export type { IdentityServices } from './identity-services.ts';
