import { renderStatement } from '../src/render-statement.ts';
import type { StatementData } from '../src/statement-data.ts';

/**
 * Milliseconds per statement PDF, for a statement about the size of a real month: 60 holdings
 * and 200 transactions. Prints one JSON line.
 */

const HOLDINGS = 60;
const TRANSACTIONS = 200;
const RUNS = 30;

function exampleStatement(): StatementData {
  const holdings = Array.from({ length: HOLDINGS }, (_, index) => ({
    description: `25,000 ISSUER ${index + 1} 4.000% 2031-05-01`,
    cusip: '00036AAB1',
    assetClass: 'Municipal bond',
    quantity: 25_000,
    price: 100,
    marketValue: 25_000,
    costBasis: 24_000,
    unrealisedGainLoss: 1_000,
    percentOfAccount: 1.6,
  }));
  const transactions = Array.from({ length: TRANSACTIONS }, (_, index) => ({
    date: `2026-03-${String((index % 28) + 1).padStart(2, '0')}`,
    kind: 'COUPON',
    description: `Coupon of issuer ${index + 1}`,
    quantity: null,
    amount: 500,
  }));
  return {
    firm: { name: 'Benchmark Advisers' },
    client: { name: 'A. Client', accountType: 'Individual (taxable)' },
    account: { custodianName: 'Fidelity', accountNumber: 'ABC-123456' },
    strategySummary: 'Municipal ladder',
    period: { start: '2026-03-01', end: '2026-03-31' },
    openingValue: 1_500_000,
    closingValue: 1_600_000,
    deposits: 0,
    withdrawals: 0,
    income: { interest: 100_000, staking: 0, cashInterest: 0 },
    realisedPriceChange: 0,
    unrealisedPriceChange: 0,
    fees: 0,
    realised: { shortTermGain: 0, shortTermLoss: 0, longTermGain: 0, longTermLoss: 0 },
    holdings,
    cash: 100_000,
    performance: [{ period: 'This month', portfolioPct: 1, benchmarkPct: 0.8 }],
    benchmarkName: 'Municipal index',
    transactions,
  };
}

const data = exampleStatement();
const first = await renderStatement(data);
const started = performance.now();
for (let run = 0; run < RUNS; run += 1) await renderStatement(data);
const statementMs = (performance.now() - started) / RUNS;
console.log(
  JSON.stringify({ statement_ms: Math.round(statementMs * 10) / 10, bytes: first.length }),
);
