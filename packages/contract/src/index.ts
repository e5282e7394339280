/**
 * @ballast/contract: the product spec as code. Every wire type, rule, message and constant the
 * api, identity service and web share is defined here and nowhere else.
 */
export * from './constants.ts';
export * from './dates.ts';
export * from './entities/action.ts';
export * from './entities/action-queue.ts';
export * from './entities/advisor.ts';
export * from './entities/bond-strategy.ts';
export * from './entities/client-data.ts';
export * from './entities/comparer.ts';
export * from './entities/comparer-cells.ts';
export * from './entities/custodian.ts';
export * from './entities/document.ts';
export * from './entities/firm-administration.ts';
export * from './entities/form-options.ts';
export * from './entities/history.ts';
export * from './entities/holding.ts';
export * from './entities/kyc.ts';
export * from './entities/onboarding-application.ts';
export * from './entities/owner.ts';
export * from './entities/portfolio.ts';
export * from './entities/portfolio-alert.ts';
export * from './entities/portfolio-inputs.ts';
export * from './entities/return-bridge.ts';
export * from './entities/sign-in-policy.ts';
export * from './entities/simulation.ts';
export * from './entities/strategy.ts';
export * from './entities/strategy-catalogue.ts';
export * from './entities/suitability.ts';
export * from './entities/tax.ts';
export * from './entities/token-lot.ts';
export * from './entities/token-strategy.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './forms/settings.ts';
export * from './messages.ts';
export * from './openapi.ts';
export * from './openapi-document.ts';
export * from './paged-list.ts';
export * from './phone.ts';
export * from './return-periods.ts';
export * from './routes/index.ts';
export * from './runtime-config.ts';
export * from './sign-in-messages.ts';
export * from './us-states.ts';
