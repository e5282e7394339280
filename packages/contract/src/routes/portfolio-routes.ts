/** Portfolios: the list, onboarding, the detail views and the documents behind them. */
import { z } from 'zod';
import { ClientDataSchema } from '../entities/client-data.ts';
import { KycDocumentUploadSchema, PortfolioDocumentSchema } from '../entities/document.ts';
import { HoldingReportRecordSchema } from '../entities/holding.ts';
import { OnboardingApplicationSchema } from '../entities/onboarding-application.ts';
import {
  CreatePortfolioBodySchema,
  PortfolioDetailSchema,
  PortfolioListResponseSchema,
} from '../entities/portfolio.ts';
import { PortfolioAlertsResponseSchema } from '../entities/portfolio-alert.ts';
import { PortfolioInputsDraftSchema } from '../entities/portfolio-inputs.ts';
import { StrategySchema } from '../entities/strategy.ts';
import { PortfolioHoldingsSchema } from '../entities/token-lot.ts';
import { PortfolioStatusSchema } from '../enums.ts';
import { IdSchema } from '../fields.ts';
import { defineRoute, noContent } from './define-route.ts';
import { errors } from './error-responses.ts';

const PortfolioParams = z.object({ id: IdSchema });

export const listPortfolios = defineRoute({
  id: 'listPortfolios',
  method: 'GET',
  path: '/portfolios',
  summary: 'The portfolios the caller may see, with AUM, average AUM and their number',
  tags: ['portfolios'],
  query: z.object({ status: PortfolioStatusSchema.optional() }),
  responses: { 200: PortfolioListResponseSchema, ...errors(400) },
});

/**
 * Decision 020: the monitor's alerts over every portfolio the caller may see, read from each
 * one's latest holding report and current strategy in one call.
 */
export const listPortfolioAlerts = defineRoute({
  id: 'listPortfolioAlerts',
  method: 'GET',
  path: '/portfolio-alerts',
  summary: 'Alerts on every portfolio the caller may see, from its latest report and strategy',
  tags: ['portfolios'],
  responses: { 200: PortfolioAlertsResponseSchema },
});

export const createPortfolio = defineRoute({
  id: 'createPortfolio',
  method: 'POST',
  path: '/portfolios',
  summary: 'Start an INCOMPLETE portfolio and its onboarding application',
  tags: ['onboarding'],
  body: CreatePortfolioBodySchema,
  responses: { 201: OnboardingApplicationSchema, ...errors(400, 403) },
});

export const getPortfolio = defineRoute({
  id: 'getPortfolio',
  method: 'GET',
  path: '/portfolios/{id}',
  summary: 'One portfolio in detail',
  tags: ['portfolios'],
  params: PortfolioParams,
  responses: { 200: PortfolioDetailSchema, ...errors(404) },
});

export const deletePortfolio = defineRoute({
  id: 'deletePortfolio',
  method: 'DELETE',
  path: '/portfolios/{id}',
  summary: 'Delete a portfolio while it is INCOMPLETE',
  tags: ['onboarding'],
  params: PortfolioParams,
  responses: { 204: noContent, ...errors(403, 404, 409) },
});

export const getPortfolioClient = defineRoute({
  id: 'getPortfolioClient',
  method: 'GET',
  path: '/portfolios/{id}/client',
  summary: "The portfolio's current client data",
  tags: ['portfolios'],
  params: PortfolioParams,
  responses: { 200: ClientDataSchema, ...errors(404) },
});

export const getPortfolioHolding = defineRoute({
  id: 'getPortfolioHolding',
  method: 'GET',
  path: '/portfolios/{id}/holding',
  summary: "The portfolio's latest holding report, with its asset lines",
  tags: ['portfolios'],
  params: PortfolioParams,
  responses: { 200: HoldingReportRecordSchema, ...errors(404) },
});

export const getPortfolioStrategy = defineRoute({
  id: 'getPortfolioStrategy',
  method: 'GET',
  path: '/portfolios/{id}/strategy',
  summary: "The portfolio's current strategy",
  tags: ['portfolios'],
  params: PortfolioParams,
  responses: { 200: StrategySchema, ...errors(404) },
});

// Drafts are saved section by section, so what is read back may still lack whole sections. The
// advisors on the account ride along (decision 021): the originating advisor is always among them.
const SavedInputsSchema = PortfolioInputsDraftSchema.partial().extend({
  advisor_input_data: z.array(IdSchema).optional(),
});

export const getPortfolioInputs = defineRoute({
  id: 'getPortfolioInputs',
  method: 'GET',
  path: '/portfolios/{id}/inputs',
  summary: 'The onboarding inputs saved so far',
  tags: ['onboarding'],
  params: PortfolioParams,
  responses: { 200: SavedInputsSchema, ...errors(404) },
});

export const replacePortfolioInputs = defineRoute({
  id: 'replacePortfolioInputs',
  method: 'PUT',
  path: '/portfolios/{id}/inputs',
  summary: 'Save every onboarding section at once',
  tags: ['onboarding'],
  params: PortfolioParams,
  body: PortfolioInputsDraftSchema,
  responses: { 200: SavedInputsSchema, ...errors(400, 403, 404, 409) },
});

export const updatePortfolioInputs = defineRoute({
  id: 'updatePortfolioInputs',
  method: 'PATCH',
  path: '/portfolios/{id}/inputs',
  summary: 'Save the onboarding sections given, keeping the others',
  tags: ['onboarding'],
  params: PortfolioParams,
  body: SavedInputsSchema,
  responses: { 200: SavedInputsSchema, ...errors(400, 403, 404, 409) },
});

export const uploadKycDocument = defineRoute({
  id: 'uploadKycDocument',
  method: 'POST',
  path: '/kyc-documents',
  summary: 'Upload a KYC document (PDF, PNG or JPEG) for a portfolio',
  tags: ['onboarding'],
  bodyKind: 'multipart',
  body: KycDocumentUploadSchema,
  responses: { 201: PortfolioDocumentSchema, ...errors(400, 403, 404, 409, 429) },
});

export const savePortfolioHoldings = defineRoute({
  id: 'savePortfolioHoldings',
  method: 'POST',
  path: '/portfolios/holdings',
  summary: "Record a portfolio's token lots",
  tags: ['portfolios'],
  body: PortfolioHoldingsSchema,
  responses: { 201: PortfolioHoldingsSchema, ...errors(400, 403, 404, 409) },
});
