/**
 * Names the schemas that many routes share, so the OpenAPI document lists each once under
 * `components.schemas` and refers to it, instead of repeating it in every operation. Registering
 * here, rather than with `.meta()` at each definition, keeps the entity modules free of concerns
 * that only the document has.
 */
import { z } from 'zod';
import { ActionSchema, NeedsActionPayloadSchema } from '../entities/action.ts';
import { AdvisorSchema } from '../entities/advisor.ts';
import { BondStrategySchema } from '../entities/bond-strategy.ts';
import {
  ClientDataDraftSchema,
  ClientDataInputSchema,
  ClientDataSchema,
} from '../entities/client-data.ts';
import { CustodianInputDraftSchema, CustodianInputSchema } from '../entities/custodian.ts';
import { AssetLineSchema, HoldingReportSchema } from '../entities/holding.ts';
import { KycInputSchema } from '../entities/kyc.ts';
import { AddressSchema, OwnerDraftSchema, OwnerSchema } from '../entities/owner.ts';
import { BondSimulationResultSchema, SimulationResultSchema } from '../entities/simulation.ts';
import { StrategyInputSchema, StrategySchema } from '../entities/strategy.ts';
import { SuitabilityDraftSchema, SuitabilitySchema } from '../entities/suitability.ts';
import { TaxDataSchema } from '../entities/tax.ts';
import { TokenStrategySchema } from '../entities/token-strategy.ts';
import {
  ClientErrorResponseSchema,
  RateLimitErrorResponseSchema,
  ServerErrorResponseSchema,
  ValidationErrorResponseSchema,
} from '../errors.ts';

const SHARED_SCHEMAS: Record<string, z.ZodType> = {
  Action: ActionSchema,
  Address: AddressSchema,
  Advisor: AdvisorSchema,
  AssetLine: AssetLineSchema,
  BondSimulationResult: BondSimulationResultSchema,
  BondStrategy: BondStrategySchema,
  ClientData: ClientDataSchema,
  ClientDataDraft: ClientDataDraftSchema,
  ClientDataInput: ClientDataInputSchema,
  ClientErrorResponse: ClientErrorResponseSchema,
  CustodianInput: CustodianInputSchema,
  CustodianInputDraft: CustodianInputDraftSchema,
  HoldingReport: HoldingReportSchema,
  KycInput: KycInputSchema,
  NeedsActionPayload: NeedsActionPayloadSchema,
  Owner: OwnerSchema,
  OwnerDraft: OwnerDraftSchema,
  RateLimitErrorResponse: RateLimitErrorResponseSchema,
  ServerErrorResponse: ServerErrorResponseSchema,
  SimulationResult: SimulationResultSchema,
  Strategy: StrategySchema,
  StrategyInput: StrategyInputSchema,
  Suitability: SuitabilitySchema,
  SuitabilityDraft: SuitabilityDraftSchema,
  TaxData: TaxDataSchema,
  TokenStrategy: TokenStrategySchema,
  ValidationErrorResponse: ValidationErrorResponseSchema,
};

for (const [id, schema] of Object.entries(SHARED_SCHEMAS)) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}
