/** Test and seed helpers, published as `@ballast/contract/testing` apart from the wire contract. */
export * from './factories.ts';
export * from './validation.ts';
