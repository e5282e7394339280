/** How a portfolio is built (SPEC 7.4-7.7). */
export const CONSTRUCTION = {
  targetHoldings: 25,
  minHoldings: 15,
  maxHoldings: 40,
  minPosition: 0.02,
  issuerLimit: 0.15,
  /** Bonds trade in round lots of this much face value. */
  lotPar: 5_000,
  /**
   * Cash left when weights become round lots: at most this share of the account, or three
   * lots, whichever is more (SPEC 7.7).
   */
  cashAllowance: 0.01,
  cashLots: 3,
  /** The share the optimiser's weights may leave uninvested before rounding. */
  modelCash: 0.05,
  /** Under partial liquidity (P), this share at least sits in bonds inside the range. */
  partialLiquidShare: 0.75,
  /** Candidates kept per group of like bonds when screening. */
  perGroup: 6,
  perIssuerInGroup: 2,
  /** Candidates the integer program chooses among, per holding. */
  poolPerHolding: 3,
  lpSeconds: 2,
  mipSeconds: 2,
  mipGap: 0.002,
} as const;
