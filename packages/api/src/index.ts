export {
  clientNameOf,
  type OpenedAccount,
  strategySummary,
  type Tx,
} from './accounts/current-account.ts';
export {
  type ActionRow,
  type Actor,
  insertAction,
  moveAction,
} from './actions/action-store.ts';
export { completeAction } from './actions/complete-action.ts';
export { keepsNote, portfolioStatus } from './actions/transitions.ts';
export type {
  AdvisorAccess,
  AdvisorAccessState,
  AdvisorInvitation,
} from './administration/advisor-access.ts';
export { type AuditEntry, appendAuditEvent } from './administration/audit-trail.ts';
export {
  createFirm,
  type FirmCreation,
  type FirmCreationResult,
  FirmCreationSchema,
} from './administration/create-firm.ts';
export { AppError } from './app-error.ts';
export { createSessionVerifier, type SessionVerifier } from './auth/session-verifier.ts';
export type { ApiOptions } from './build-api.ts';
export { buildApi } from './build-api.ts';
export {
  businessDaysFrom,
  isBusinessDay,
  isMonthEnd,
  lastBusinessDayOnOrBefore,
} from './business-days.ts';
export { storeDocument } from './documents/document-store.ts';
export { answerRouterError } from './error-handling.ts';
export {
  ASSET_CLASSES,
  type HoldingReportInput,
  recordHoldingReport,
  recordHoldingReports,
} from './holdings/holding-report.ts';
export { createSimulationRunner, type SimulationRunner } from './simulations/simulation-runner.ts';
export { lastDueDay, type ValuationTime } from './valuation/due-day.ts';
export {
  type DayOutcome,
  type PortfolioRef,
  type ValuationEngine,
  valuePortfolioDay,
  valuePortfolioDays,
} from './valuation/portfolio-day.ts';
export {
  type DocumentStores,
  type PortfolioFailure,
  portfoliosToValue,
  runValuation,
  type ValuationScope,
  type ValuationSummary,
} from './valuation/valuation-run.ts';
