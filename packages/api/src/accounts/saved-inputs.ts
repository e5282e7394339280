import type { PortfolioInputsDraft } from '@ballast/contract';
import type { SecretBox, schema } from '@ballast/db';

type ApplicationRow = typeof schema.onboardingApplications.$inferSelect;

/**
 * The onboarding sections saved so far, as the inputs calls show them. A section never saved is
 * absent rather than empty, so opening the account names exactly what is missing.
 */
export function savedInputsOf(row: ApplicationRow, box: SecretBox): Partial<PortfolioInputsDraft> {
  type Inputs = PortfolioInputsDraft;
  return {
    ...(row.clientInputCiphertext
      ? { client_data: JSON.parse(box.open(row.clientInputCiphertext)) as Inputs['client_data'] }
      : {}),
    ...(row.strategyInput ? { strategy: row.strategyInput as Inputs['strategy'] } : {}),
    custodians: row.custodianInput as Inputs['custodians'],
    kyc_input_data: row.kycInput as Inputs['kyc_input_data'],
    ...(row.suitability
      ? { client_suitability_data: row.suitability as Inputs['client_suitability_data'] }
      : {}),
  };
}
