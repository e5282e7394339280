import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPES,
  ACTION_STATES,
  ACTION_TYPES,
  ActionStateSchema,
  ADVISOR_CREATABLE_ACTION_TYPES,
  ADVISOR_ROLES,
  ADVISOR_STATUSES,
  ADVISOR_VISIBLE_ACTION_STATES,
  AdvisorCreatableActionTypeSchema,
  AdvisorVisibleActionStateSchema,
  CREDIT_UNIVERSE,
  CUSTODIAN_STATUSES,
  DURATION_PLACEMENTS,
  INVESTMENT_OBJECTIVES,
  LIQUIDITY_CODES,
  ONBOARDING_STRATEGY_STYLE,
  OWNER_ROLES,
  PORTFOLIO_STATUSES,
  RATING_BUCKETS,
  RISK_LEVELS,
  SIMULATION_TIME_WINDOWS,
  SOPHISTICATION_LEVELS,
  STRATEGY_STATUSES,
  STRATEGY_STYLES,
  TAX_ACCOUNTING_METHODS,
  TAX_RATES,
  TAX_STATUSES,
  TAXID_TYPES,
  TaxRateSchema,
  TIME_HORIZONS,
  TimeWindowSchema,
  TOKEN_STRATEGY_STYLES,
  USER_DNT_VALUES,
} from './enums.ts';

// The value sets as product §4, product §5, product §6 and product §9 list them.
const SPEC_SETS: [string, readonly (string | number)[], (string | number)[]][] = [
  [
    'PORTFOLIO_STATUSES',
    PORTFOLIO_STATUSES,
    ['IN-GOOD-ORDER', 'PENDING', 'NEEDS-ACTION', 'INCOMPLETE', 'CLOSED'],
  ],
  [
    'ACTION_STATES',
    ACTION_STATES,
    [
      'NEEDS-ACTION-IN-CHANNEL',
      'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
      'NEEDS-ACTION-OUT-OF-CHANNEL',
      'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
      'SUBMITTED',
      'SUBMITTED-CANCELLABLE',
      'PENDING',
      'CANCELLED',
      'COMPLETED',
      'FAILED',
      'DISMISSED',
    ],
  ],
  [
    'ADVISOR_VISIBLE_ACTION_STATES',
    ADVISOR_VISIBLE_ACTION_STATES,
    [
      'NEEDS-ACTION-IN-CHANNEL',
      'NEEDS-ACTION-OUT-OF-CHANNEL',
      'SUBMITTED',
      'SUBMITTED-CANCELLABLE',
      'PENDING',
      'CANCELLED',
      'FAILED',
    ],
  ],
  [
    'ACTION_TYPES',
    ACTION_TYPES,
    [
      'OPEN-ACCOUNT',
      'SET-USER-DNT',
      'UPDATE-STRATEGY',
      'UPDATE-CUSTODIAN',
      'UPDATE-CLIENT-DETAIL',
      'REQUEST-DEPOSIT',
      'EXECUTE-DEPOSIT',
      'REQUEST-WITHDRAWAL',
      'EXECUTE-WITHDRAWAL',
      'CLOSE-ACCOUNT',
    ],
  ],
  ['ADVISOR_ROLES', ADVISOR_ROLES, ['ADMINISTRATOR', 'CIO', 'OPERATIONS', 'MANAGER', 'ADVISOR']],
  ['ADVISOR_STATUSES', ADVISOR_STATUSES, ['ACTIVE', 'INACTIVE']],
  [
    'OWNER_ROLES',
    OWNER_ROLES,
    ['PRIMARY_OWNER', 'JOINT_OWNER', 'EXECUTOR', 'TREASURER', 'INTERNAL_POWER_OF_ATTY'],
  ],
  ['ACCOUNT_TYPES', ACCOUNT_TYPES, ['I', 'J', 'C', 'T', 'R']],
  ['USER_DNT_VALUES', USER_DNT_VALUES, ['DNB', 'DNBS', 'BS']],
  ['STRATEGY_STYLES', STRATEGY_STYLES, ['F', 'D', 'A', 'B']],
  ['TOKEN_STRATEGY_STYLES', TOKEN_STRATEGY_STYLES, ['F', 'D', 'A']],
  ['STRATEGY_STATUSES', STRATEGY_STATUSES, ['A', 'I']],
  ['CUSTODIAN_STATUSES', CUSTODIAN_STATUSES, ['A', 'I']],
  ['DURATION_PLACEMENTS', DURATION_PLACEMENTS, ['Short', 'Intermediate', 'Long']],
  [
    'CREDIT_UNIVERSE',
    CREDIT_UNIVERSE,
    ['AAA', 'AA+', 'AA', 'AA-', 'A+', 'A', 'A-', 'BBB+', 'BBB', 'BBB-'],
  ],
  ['RATING_BUCKETS', RATING_BUCKETS, ['AAA', 'AA', 'A', 'BBB']],
  ['LIQUIDITY_CODES', LIQUIDITY_CODES, ['H', 'P', 'U']],
  ['TAX_ACCOUNTING_METHODS', TAX_ACCOUNTING_METHODS, ['COST', 'LIFO', 'HIFO', 'FIFO']],
  ['TAX_RATES', TAX_RATES, [0, 12, 24, 32, 35, 37]],
  ['TAXID_TYPES', TAXID_TYPES, ['SSN', 'TIN']],
  ['SIMULATION_TIME_WINDOWS', SIMULATION_TIME_WINDOWS, ['today']],
  ['SOPHISTICATION_LEVELS', SOPHISTICATION_LEVELS, ['NONE', 'LOW', 'HIGH']],
  ['INVESTMENT_OBJECTIVES', INVESTMENT_OBJECTIVES, ['INCOME', 'GROWTH', 'CAPITAL_PRESERVATION']],
  ['RISK_LEVELS', RISK_LEVELS, ['LOW', 'MODERATE', 'HIGH']],
  ['TIME_HORIZONS', TIME_HORIZONS, ['SHORT_TERM', 'LONG_TERM', 'GENERATIONAL']],
  ['TAX_STATUSES', TAX_STATUSES, ['UP', 'DOWN', 'NO_CHANGE']],
];

describe('value sets', () => {
  it.each(SPEC_SETS)('%s holds the product’s values', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('advisors create every action type but EXECUTE-DEPOSIT, EXECUTE-WITHDRAWAL, CLOSE-ACCOUNT', () => {
    const excluded: string[] = ['EXECUTE-DEPOSIT', 'EXECUTE-WITHDRAWAL', 'CLOSE-ACCOUNT'];
    expect(ADVISOR_CREATABLE_ACTION_TYPES).toEqual(
      ACTION_TYPES.filter((type) => !excluded.includes(type)),
    );
  });

  it('onboarding uses the bond style', () => {
    expect(ONBOARDING_STRATEGY_STYLE).toBe('B');
  });

  it('derives schemas that accept members and refuse strangers', () => {
    expect(ActionStateSchema.safeParse('DISMISSED').success).toBe(true);
    expect(AdvisorVisibleActionStateSchema.safeParse('DISMISSED').success).toBe(false);
    expect(AdvisorCreatableActionTypeSchema.safeParse('CLOSE-ACCOUNT').success).toBe(false);
    expect(TaxRateSchema.safeParse(37).success).toBe(true);
    expect(TaxRateSchema.safeParse(22).success).toBe(false);
    expect(TimeWindowSchema.safeParse('1y').success).toBe(false);
  });
});
