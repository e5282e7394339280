export * from './advisors.ts';
export * from './firms.ts';
export * from './identity.ts';
