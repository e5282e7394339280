/**
 * A portfolio's histories, statements and tax reports: paged, optionally bounded in time; and the
 * bridges of its latest report's returns.
 */
import { z } from 'zod';
import { ReportDocumentSchema, StatementSchema, TaxReportSchema } from '../entities/document.ts';
import {
  DepositWithdrawPointSchema,
  GainLossPointSchema,
  NavHistoryPointSchema,
} from '../entities/history.ts';
import { ReturnBridgesSchema } from '../entities/return-bridge.ts';
import { IdSchema } from '../fields.ts';
import { pagedListSchema } from '../paged-list.ts';
import { defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';
import { HistoryQuerySchema } from './query.ts';

const PortfolioParams = z.object({ id: IdSchema });
const ReportParams = z.object({ id: IdSchema, report_id: IdSchema });

function pagedHistoryRoute<const Id extends string, const Item extends z.ZodType>(
  id: Id,
  path: string,
  summary: string,
  item: Item,
) {
  return defineRoute({
    id,
    method: 'GET',
    path,
    summary,
    tags: ['reports'],
    params: PortfolioParams,
    query: HistoryQuerySchema,
    responses: { 200: pagedListSchema(item), ...errors(400, 404) },
  });
}

export const listDepositWithdrawHistory = pagedHistoryRoute(
  'listDepositWithdrawHistory',
  '/portfolios/{id}/deposit-withdraw/history',
  'Daily deposits and withdrawals',
  DepositWithdrawPointSchema,
);
export const listGainLossHistory = pagedHistoryRoute(
  'listGainLossHistory',
  '/portfolios/{id}/gain-loss/history',
  'Daily realized gains and losses',
  GainLossPointSchema,
);
export const listNavHistory = pagedHistoryRoute(
  'listNavHistory',
  '/portfolios/{id}/nav/history',
  'Daily net asset value',
  NavHistoryPointSchema,
);
export const listStatements = pagedHistoryRoute(
  'listStatements',
  '/portfolios/{id}/statements',
  'Account statements',
  StatementSchema,
);
export const listTaxReports = pagedHistoryRoute(
  'listTaxReports',
  '/portfolios/{id}/tax-reports',
  'Tax reports',
  TaxReportSchema,
);

function reportRoute<const Id extends string>(id: Id, path: string, summary: string) {
  return defineRoute({
    id,
    method: 'GET',
    path,
    summary,
    tags: ['reports'],
    params: ReportParams,
    responses: { 200: ReportDocumentSchema, ...errors(404) },
  });
}

export const getStatement = reportRoute(
  'getStatement',
  '/portfolios/{id}/statements/{report_id}',
  'One statement',
);
export const getTaxReport = reportRoute(
  'getTaxReport',
  '/portfolios/{id}/tax-reports/{report_id}',
  'One tax report',
);

export const getReturnBridges = defineRoute({
  id: 'getReturnBridges',
  method: 'GET',
  path: '/portfolios/{id}/returns/bridges',
  summary: "The latest report's returns, each opened into what made it",
  description:
    'For every period the latest report has a return for: the value at the close the period ' +
    'starts from, deposits, withdrawals, income, realised and unrealised price change, fees and ' +
    'the closing value, which add up to the cent, beside the time-weighted return. Periods that ' +
    'reach back before the daily figures were recorded are left out. 404 before the first report.',
  tags: ['reports'],
  params: PortfolioParams,
  responses: { 200: ReturnBridgesSchema, ...errors(404) },
});
