export * from './firms.ts';
export * from './identity.ts';
