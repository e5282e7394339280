export { createSessionVerifier, type SessionVerifier } from './auth/session-verifier.ts';
export type { ApiOptions } from './build-api.ts';
export { buildApi } from './build-api.ts';
