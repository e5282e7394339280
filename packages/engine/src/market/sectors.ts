/** Sectors of the generated market, as the strategy forms offer them for exclusion. */
export const MUNICIPAL_SECTORS = [
  'General Obligation',
  'Education',
  'Healthcare',
  'Housing',
  'Transportation',
  'Utilities',
  'Water & Sewer',
  'Public Power',
  'Development',
  'Tobacco Settlement',
] as const;

export const CORPORATE_SECTORS = [
  'Financials',
  'Industrials',
  'Utilities',
  'Energy',
  'Technology',
  'Healthcare',
  'Consumer Staples',
  'Consumer Discretionary',
  'Communications',
  'Tobacco',
] as const;

export const TREASURY_SECTOR = 'Treasury';
