export type { ApiOptions } from './build-api.ts';
export { buildApi } from './build-api.ts';
