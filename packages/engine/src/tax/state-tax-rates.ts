import type { TaxResidency } from '@ballast/contract';

/**
 * The territories whose bonds' interest no state, territory or possession may tax (SPEC 6.3):
 * Puerto Rico (48 U.S.C. §745), Guam (48 U.S.C. §1423a), the Virgin Islands (48 U.S.C. §1403),
 * American Samoa (48 U.S.C. §1670) and the Northern Mariana Islands (the Covenant's §607(a),
 * 48 U.S.C. §1801 note). The District of Columbia's bonds are exempt only from its own tax, and
 * the freely associated states (FM, MH, PW) are not territories: no statute exempts theirs.
 */
export const TERRITORIES_EXEMPT_FROM_STATE_TAX: ReadonlySet<string> = new Set([
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
]);

/**
 * Top marginal state income tax rate on interest, percent, 2025 (Tax Foundation, "State
 * Individual Income Tax Rates and Brackets, 2025"; Massachusetts with its 4 % surtax on income
 * over $1 million). Territories that mirror the federal code (Guam, the Virgin Islands, American
 * Samoa, the Northern Mariana Islands) add nothing on top of it here, nor do the freely
 * associated states; Puerto Rico taxes at its own top rate.
 */
export const STATE_TAX_RATES: Record<TaxResidency, number> = {
  AL: 5,
  AK: 0,
  AS: 0,
  AZ: 2.5,
  AR: 3.9,
  CA: 13.3,
  CO: 4.4,
  CT: 6.99,
  DE: 6.6,
  DC: 10.75,
  FM: 0,
  FL: 0,
  GA: 5.39,
  GU: 0,
  HI: 11,
  ID: 5.695,
  IL: 4.95,
  IN: 3,
  IA: 3.8,
  KS: 5.58,
  KY: 4,
  LA: 3,
  ME: 7.15,
  MH: 0,
  MD: 5.75,
  MA: 9,
  MI: 4.25,
  MN: 9.85,
  MS: 4.4,
  MO: 4.7,
  MT: 5.9,
  NE: 5.2,
  NV: 0,
  NH: 0,
  NJ: 10.75,
  NM: 5.9,
  NY: 10.9,
  NC: 4.25,
  ND: 2.5,
  MP: 0,
  OH: 3.5,
  OK: 4.75,
  OR: 9.9,
  PW: 0,
  PA: 3.07,
  PR: 33,
  RI: 5.99,
  SC: 6.2,
  SD: 0,
  TN: 0,
  TX: 0,
  UT: 4.55,
  VT: 8.75,
  VI: 0,
  VA: 5.75,
  WA: 0,
  WV: 4.82,
  WI: 7.65,
  WY: 0,
  Nowhere: 0,
};
