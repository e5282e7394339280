import './schema-ids.ts';
import * as actions from './action-routes.ts';
import * as administration from './administration-routes.ts';
import * as advisors from './advisor-routes.ts';
import type { AnyRoute } from './define-route.ts';
import * as ledgerExports from './export-routes.ts';
import * as health from './health-routes.ts';
import * as portfolios from './portfolio-routes.ts';
import * as records from './record-export-routes.ts';
import * as reference from './reference-routes.ts';
import * as reports from './report-routes.ts';
import * as signInPolicy from './sign-in-policy-routes.ts';
import * as simulation from './simulation-routes.ts';
import * as catalogue from './strategy-catalogue-routes.ts';
import * as valuation from './valuation-routes.ts';

export * from './action-routes.ts';
export * from './administration-routes.ts';
export * from './advisor-routes.ts';
export * from './define-route.ts';
export * from './error-responses.ts';
export * from './export-routes.ts';
export * from './health-routes.ts';
export * from './portfolio-routes.ts';
export * from './query.ts';
export * from './record-export-routes.ts';
export * from './reference-routes.ts';
export * from './report-routes.ts';
export * from './sign-in-policy-routes.ts';
export * from './simulation-routes.ts';
export * from './strategy-catalogue-routes.ts';
export * from './valuation-routes.ts';

/**
 * Every provider API route: the calls of product §7, firm administration, the reports and
 * records, the valuation's progress and the health check.
 */
export const routes: readonly AnyRoute[] = [
  reference.listCustodians,
  reference.getCustodian,
  portfolios.uploadKycDocument,
  portfolios.listPortfolios,
  portfolios.listPortfolioAlerts,
  portfolios.createPortfolio,
  portfolios.getPortfolio,
  portfolios.deletePortfolio,
  actions.listActions,
  actions.listPortfolioActions,
  actions.getPortfolioAction,
  actions.replacePortfolioAction,
  actions.updatePortfolioAction,
  actions.cancelPortfolioAction,
  actions.submitPortfolioActionResponse,
  portfolios.getPortfolioClient,
  portfolios.getPortfolioHolding,
  portfolios.getPortfolioStrategy,
  portfolios.getPortfolioInputs,
  portfolios.replacePortfolioInputs,
  portfolios.updatePortfolioInputs,
  actions.closePortfolio,
  actions.openPortfolio,
  actions.requestDeposit,
  actions.requestWithdrawal,
  actions.setUserDnt,
  actions.updateClientDetail,
  actions.updateCustodian,
  actions.updateStrategy,
  reports.listDepositWithdrawHistory,
  reports.listGainLossHistory,
  reports.listNavHistory,
  reports.listStatements,
  reports.listTaxReports,
  reports.getStatement,
  reports.getTaxReport,
  reports.getReturnBridges,
  ledgerExports.exportTransactions,
  ledgerExports.exportTaxLots,
  portfolios.savePortfolioHoldings,
  simulation.simulatePortfolio,
  simulation.listSimulationResults,
  simulation.runComparer,
  simulation.listComparerResults,
  simulation.getComparerResult,
  reference.listStrategyStyles,
  reference.getStrategyStyleFormOptions,
  catalogue.listStrategyCatalogue,
  catalogue.addStrategyCatalogueEntry,
  catalogue.replaceStrategyCatalogueEntry,
  advisors.listAdvisors,
  advisors.getSelfAdvisor,
  advisors.updateAdvisor,
  advisors.getFirmLogo,
  signInPolicy.getSignInPolicy,
  signInPolicy.replaceSignInPolicy,
  administration.getFirm,
  administration.updateFirm,
  administration.uploadFirmLogo,
  administration.deleteFirmLogo,
  administration.listFirmUsers,
  administration.inviteFirmUser,
  administration.changeFirmUser,
  administration.resendFirmUserInvitation,
  administration.reassignPortfolios,
  administration.listAuditEvents,
  records.exportFirmTransitions,
  records.exportFirmLedger,
  records.exportFirmRecords,
  administration.changeCustodian,
  valuation.getValuationProgress,
  health.getHealth,
];
