export {
  type FirmTransactionCsvRow,
  firmTransactionsCsv,
  type TaxLotCsvRow,
  type TransactionCsvRow,
  type TransitionCsvRow,
  taxLotsCsv,
  transactionsCsv,
  transitionsCsv,
} from './csv.ts';
export { FiguresDoNotTieError } from './figure-checks.ts';
export { renderStatement } from './render-statement.ts';
export { renderTaxReport } from './render-tax-report.ts';
export type {
  Account,
  Client,
  Firm,
  Holding,
  LogoContentType,
  PerformanceRow,
  StatementData,
  StatementTransaction,
  TaxLot,
  TaxReportData,
  TaxYearIncome,
  Term,
  TermTotals,
} from './statement-data.ts';
