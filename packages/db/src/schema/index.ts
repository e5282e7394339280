export * from './actions.ts';
export * from './advisors.ts';
export * from './firms.ts';
export * from './identity.ts';
export * from './portfolios.ts';
