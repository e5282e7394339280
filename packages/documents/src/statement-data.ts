/**
 * The plain data a statement or a tax report is drawn from. Money is a number of US dollars
 * rounded to cents; dates are `YYYY-MM-DD`; a percentage is in percent (3.25 means 3.25%).
 * Amounts that reduce a total (withdrawals, fees, losses) are given as positive numbers and
 * shown in parentheses.
 */

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

export type Firm = {
  name: string;
  logo?: { bytes: Uint8Array; contentType: LogoContentType };
};

export type Client = { name: string; accountType: string };

export type Account = { custodianName: string; accountNumber: string };

export type Holding = {
  description: string;
  cusip: string | null;
  assetClass: string;
  quantity: number;
  price: number;
  marketValue: number;
  costBasis: number;
  unrealisedGainLoss: number;
  percentOfAccount: number;
};

export type PerformanceRow = {
  /** 'This month', 'Year to date', 'Since inception', … */
  period: string;
  portfolioPct: number;
  benchmarkPct: number | null;
};

export type StatementTransaction = {
  date: string;
  kind: string;
  description: string;
  quantity: number | null;
  /** Signed: money into the account is positive, money out of it negative. */
  amount: number;
};

export type StatementData = {
  firm: Firm;
  client: Client;
  account: Account;
  strategySummary: string;
  period: { start: string; end: string };
  openingValue: number;
  closingValue: number;
  deposits: number;
  withdrawals: number;
  income: { interest: number; staking: number; cashInterest: number };
  realisedPriceChange: number;
  unrealisedPriceChange: number;
  fees: number;
  realised: {
    shortTermGain: number;
    shortTermLoss: number;
    longTermGain: number;
    longTermLoss: number;
  };
  holdings: Holding[];
  cash: number;
  performance: PerformanceRow[];
  benchmarkName: string;
  transactions: StatementTransaction[];
};

export type Term = 'SHORT' | 'LONG';

/** One row of Form 8949 (and of the 1099-B supplementary detail). */
export type TaxLot = {
  /** (a), e.g. "25,000 ACME 4.000% 2031-05-01" or "1.5 BTC". */
  description: string;
  cusip: string | null;
  /** (b) */
  dateAcquired: string;
  /** (c) */
  dateSold: string;
  /** (d) */
  proceeds: number;
  /** (e) */
  costBasis: number;
  /** (g), with code W in (f) when it is not zero. */
  washSaleDisallowed: number;
  /** (h) = (d) − (e) + (g) */
  gainLoss: number;
  term: Term;
};

export type TermTotals = {
  proceeds: number;
  costBasis: number;
  washSaleDisallowed: number;
  gainLoss: number;
};

export type TaxReportData = {
  firm: Firm;
  client: Client;
  account: Account;
  taxYear: number;
  lots: TaxLot[];
  totals: Record<Term, TermTotals>;
  /** Losses realised to harvest them, as positive numbers. */
  harvestedLosses: { shortTerm: number; longTerm: number; count: number };
  income: TaxYearIncome;
};

/**
 * A year's income by Form 1099-INT line (SPEC 13.1): box 1, box 3, box 8 and, within box 8,
 * box 9; `total` counts each once and box 9 not again.
 */
export type TaxYearIncome = {
  taxable: number;
  treasury: number;
  taxExempt: number;
  privateActivity: number;
  staking: number;
  cashInterest: number;
  total: number;
};
