/**
 * What tests use of the server: the real app over a given database, seeded snapshots, and the
 * services a browser test calls as the server's own commands would.
 */

/**
 * The writer of holding reports that the seed uses. No api call writes a report (they are the
 * daily valuation's), so a browser test that needs a report of its own writes it with this.
 */
/**
 * The first-run command's service and the access port it invites through, so that a browser test
 * can invite a person as the command does and follow their first sign-in (decision 022).
 */
export { createFirm, type HoldingReportInput, recordHoldingReport } from '@ballast/api';
export { createAdvisorAccess } from './advisor-access.ts';
export {
  type SeededSnapshot,
  type SnapshotOptions,
  seededSnapshot,
} from './seed/seeded-snapshots.ts';
export { buildTestApp } from './test-app.ts';
