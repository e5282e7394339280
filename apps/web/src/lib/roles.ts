import type { AdvisorRole } from '@ballast/contract';

/**
 * The roles that work the operations queue (docs/architecture.md "Roles": OPERATIONS moves
 * actions, ADMINISTRATOR may do all of that too).
 */
const OPERATOR_ROLES: readonly AdvisorRole[] = ['OPERATIONS', 'ADMINISTRATOR'];

export function isOperator(role: AdvisorRole | undefined): boolean {
  return role !== undefined && OPERATOR_ROLES.includes(role);
}

/** Only an ADMINISTRATOR runs the firm's users, profile and custodians (decision 022). */
export function isAdministrator(role: AdvisorRole | undefined): boolean {
  return role === 'ADMINISTRATOR';
}

/** docs/architecture.md "Roles": the CIO keeps the strategy catalogue, as may an administrator. */
const CATALOGUE_KEEPERS: readonly AdvisorRole[] = ['CIO', 'ADMINISTRATOR'];

export function keepsCatalogue(role: AdvisorRole | undefined): boolean {
  return role !== undefined && CATALOGUE_KEEPERS.includes(role);
}

/** Whether any section of the administration screen is for the role (decisions 022 and 023). */
export function runsAdministration(role: AdvisorRole | undefined): boolean {
  return isAdministrator(role) || keepsCatalogue(role);
}
