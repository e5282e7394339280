export { BOND_BACKTEST, backtestBondPortfolio } from './bond-strategy/bond-backtest.ts';
export { cellStrategy, compareCell, comparerBonds } from './bond-strategy/comparer.ts';
export { constraintViolations } from './bond-strategy/constraint-check.ts';
export {
  type ConstructedPortfolio,
  constructBondPortfolio,
  constructNaively,
} from './bond-strategy/construct-portfolio.ts';
export { CONSTRUCTION } from './bond-strategy/construction-rules.ts';
export { InfeasibleStrategyError } from './bond-strategy/infeasible.ts';
export {
  type PortfolioAnalytics,
  portfolioAnalytics,
} from './bond-strategy/portfolio-analytics.ts';
export type { Position } from './bond-strategy/round-lots.ts';
export {
  type BondSimulation,
  simulateBondStrategy,
} from './bond-strategy/simulate-bond-strategy.ts';
export { type BondTerms, type CashFlows, cashFlows, type Redemption } from './bonds/cash-flows.ts';
export { effectiveRisk, type RiskMeasures, riskMeasures } from './bonds/risk.ts';
export { cleanPrice, dirtyPrice, yieldFromCleanPrice, yieldToWorst } from './bonds/yield.ts';
export * from './dates.ts';
export type { EngineResult } from './engine-result.ts';
export { ENGINE_RULES_VERSION } from './engine-rules.ts';
export { LotBook } from './lots/lot-book.ts';
export { cusip, cusipCheckDigit } from './market/cusip.ts';
export {
  DEFAULT_MARKET,
  type GeneratedMarketOptions,
  generatedMarket,
  generatedMarketVersion,
} from './market/generated-market.ts';
export {
  type GeneratedMarketHistoryOptions,
  generatedMarketHistory,
} from './market/generated-market-history.ts';
export { CONSENSUS_MECHANISMS, KNOWN_TOKENS, TOKEN_SECTORS } from './market/generated-tokens.ts';
export * from './market/market-data.ts';
export { type Random, seededRandom } from './market/random.ts';
export { CORPORATE_SECTORS, MUNICIPAL_SECTORS, TREASURY_SECTOR } from './market/sectors.ts';
export { loadSolver, solverClock } from './optimise/solver.ts';
export { taxEquivalentYield, taxRatesOf } from './tax/after-tax-yield.ts';
export { STATE_TAX_RATES } from './tax/state-tax-rates.ts';
export {
  simulateTokenStrategy,
  TOKEN_BACKTEST,
  type TokenTaxRules,
} from './token-strategy/token-backtest.ts';
export * from './valuation/valuation-types.ts';
export { valueDay } from './valuation/value-day.ts';
