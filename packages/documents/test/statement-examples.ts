import type { Holding, StatementData, TaxReportData } from '../src/statement-data.ts';

/** A 1×1 PNG, the smallest logo a firm can upload. */
export const TINY_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/**
 * March 2026 of a taxable account. The summary adds up:
 *   250,000.00 opening + 10,000.00 deposits − 4,500.00 withdrawals
 *   + 812.50 interest (50,000 par × 3.25% ÷ 2) + 37.80 staking + 12.34 cash interest
 *   − 1,250.00 realised + 3,420.16 unrealised − 208.33 fees (250,000 × 1% ÷ 12, to the cent)
 *   = 258,324.47 closing.
 * Holdings: 50,000 × 101.25 ÷ 100 = 50,625.00; 1.5 BTC × 64,000 = 96,000.00;
 * 10,000 × 99.50 ÷ 100 = 9,950.00; cash is the rest, 258,324.47 − 156,575.00 = 101,749.47.
 */
export function marchStatement(): StatementData {
  return {
    firm: { name: 'Harbor Ridge Wealth Partners' },
    client: { name: 'Jane Q. Client', accountType: 'Individual (taxable)' },
    account: { custodianName: 'Fidelity', accountNumber: 'ABC-123456' },
    strategySummary: 'Bond ladder, 1 to 10 years',
    period: { start: '2026-03-01', end: '2026-03-31' },
    openingValue: 250_000,
    closingValue: 258_324.47,
    deposits: 10_000,
    withdrawals: 4_500,
    income: { interest: 812.5, staking: 37.8, cashInterest: 12.34 },
    realisedPriceChange: -1_250,
    unrealisedPriceChange: 3_420.16,
    fees: 208.33,
    realised: { shortTermGain: 400, shortTermLoss: 1_900, longTermGain: 750, longTermLoss: 500 },
    holdings: [
      {
        description: '50,000 ACME 3.250% 2031-05-01',
        cusip: '00036AAB1',
        assetClass: 'Corporate bond',
        quantity: 50_000,
        price: 101.25,
        marketValue: 50_625,
        costBasis: 49_800,
        unrealisedGainLoss: 825,
        percentOfAccount: 19.6,
      },
      {
        description: '1.5 BTC',
        cusip: null,
        assetClass: 'Token',
        quantity: 1.5,
        price: 64_000,
        marketValue: 96_000,
        costBasis: 90_000,
        unrealisedGainLoss: 6_000,
        percentOfAccount: 37.16,
      },
      {
        description: '10,000 UST 4.000% 2030-11-15',
        cusip: '91282CAB7',
        assetClass: 'Treasury',
        quantity: 10_000,
        price: 99.5,
        marketValue: 9_950,
        costBasis: 10_100,
        unrealisedGainLoss: -150,
        percentOfAccount: 3.85,
      },
    ],
    cash: 101_749.47,
    performance: [
      { period: 'This month', portfolioPct: 1.23, benchmarkPct: 0.98 },
      { period: 'Since inception', portfolioPct: -2.5, benchmarkPct: null },
    ],
    benchmarkName: 'Bloomberg US Aggregate',
    transactions: [
      {
        date: '2026-03-02',
        kind: 'DEPOSIT',
        description: 'Deposit from bank',
        quantity: null,
        amount: 10_000,
      },
      {
        date: '2026-03-16',
        kind: 'WITHDRAWAL',
        description: 'Withdrawal to bank',
        quantity: null,
        amount: -4_500,
      },
      {
        date: '2026-03-31',
        kind: 'FEE',
        description: 'Advisory fee',
        quantity: null,
        amount: -208.33,
      },
    ],
  };
}

/**
 * `count` bonds named "Bond 1" … "Bond <count>" with CUSIPs B00000001 …, each worth 1,000.00
 * bought for 900.00.
 */
export function manyHoldings(count: number): Holding[] {
  return Array.from({ length: count }, (_, index) => ({
    description: `Bond ${index + 1}`,
    cusip: `B${String(index + 1).padStart(8, '0')}`,
    assetClass: 'Municipal bond',
    quantity: 1_000,
    price: 100,
    marketValue: 1_000,
    costBasis: 900,
    unrealisedGainLoss: 100,
    percentOfAccount: 0.5,
  }));
}

/**
 * Tax year 2025. Short term: 10,000.00 − 10,400.00 + 150.00 (wash sale) = −250.00, and
 * 3,000.00 − 2,500.00 = 500.00; totals 13,000.00, 12,900.00, 150.00, 250.00.
 * Long term: 48,000.00 − 50,000.00 = −2,000.00.
 */
export function taxYear2025(): TaxReportData {
  return {
    firm: { name: 'Harbor Ridge Wealth Partners' },
    client: { name: 'Jane Q. Client', accountType: 'Individual (taxable)' },
    account: { custodianName: 'Schwab', accountNumber: '1234-5678' },
    taxYear: 2025,
    lots: [
      {
        description: '10,000 ACME 4.000% 2031-05-01',
        cusip: '00036AAB1',
        dateAcquired: '2025-02-03',
        dateSold: '2025-08-15',
        proceeds: 10_000,
        costBasis: 10_400,
        washSaleDisallowed: 150,
        gainLoss: -250,
        term: 'SHORT',
      },
      {
        description: '1.5 ETH',
        cusip: null,
        dateAcquired: '2025-01-10',
        dateSold: '2025-06-30',
        proceeds: 3_000,
        costBasis: 2_500,
        washSaleDisallowed: 0,
        gainLoss: 500,
        term: 'SHORT',
      },
      {
        description: '50,000 CA GO 5.000% 2034-04-01',
        cusip: '13063DAD0',
        dateAcquired: '2022-03-01',
        dateSold: '2025-11-20',
        proceeds: 48_000,
        costBasis: 50_000,
        washSaleDisallowed: 0,
        gainLoss: -2_000,
        term: 'LONG',
      },
    ],
    totals: {
      SHORT: { proceeds: 13_000, costBasis: 12_900, washSaleDisallowed: 150, gainLoss: 250 },
      LONG: { proceeds: 48_000, costBasis: 50_000, washSaleDisallowed: 0, gainLoss: -2_000 },
    },
    harvestedLosses: { shortTerm: 400, longTerm: 2_000, count: 2 },
    // Total: 1,625.00 + 500.00 + 2,500.00 + 84.20 + 41.07 = 4,750.27; box 9 is within box 8.
    income: {
      taxable: 1_625,
      treasury: 500,
      taxExempt: 2_500,
      privateActivity: 400,
      staking: 84.2,
      cashInterest: 41.07,
      total: 4_750.27,
    },
  };
}
