import type { AnyRoute } from './define-route.ts';

export * from './define-route.ts';

/**
 * Every provider API route of spec §7, in the order the OpenAPI document lists them. Empty until
 * the route table is written on top of the entity schemas.
 */
export const routes: readonly AnyRoute[] = [];
