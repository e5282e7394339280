/**
 * The closed value sets of product §4, product §5, product §6 and product §9. Each is an `as const`
 * list (for menus and loops) with the zod enum derived from it (for validation) and the type
 * derived from that.
 */
import { z } from 'zod';

// Product §4 portfolio status.
export const PORTFOLIO_STATUSES = [
  'IN-GOOD-ORDER',
  'PENDING',
  'NEEDS-ACTION',
  'INCOMPLETE',
  'CLOSED',
] as const;
export const PortfolioStatusSchema = z.enum(PORTFOLIO_STATUSES);
export type PortfolioStatus = z.infer<typeof PortfolioStatusSchema>;

// Product §4 action states.
export const ACTION_STATES = [
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
] as const;
export const ActionStateSchema = z.enum(ACTION_STATES);
export type ActionState = z.infer<typeof ActionStateSchema>;

export const ADVISOR_VISIBLE_ACTION_STATES = [
  'NEEDS-ACTION-IN-CHANNEL',
  'NEEDS-ACTION-OUT-OF-CHANNEL',
  'SUBMITTED',
  'SUBMITTED-CANCELLABLE',
  'PENDING',
  'CANCELLED',
  'FAILED',
] as const satisfies readonly ActionState[];
export const AdvisorVisibleActionStateSchema = z.enum(ADVISOR_VISIBLE_ACTION_STATES);
export type AdvisorVisibleActionState = z.infer<typeof AdvisorVisibleActionStateSchema>;

// Product §4 action types.
export const ACTION_TYPES = [
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
] as const;
export const ActionTypeSchema = z.enum(ACTION_TYPES);
export type ActionType = z.infer<typeof ActionTypeSchema>;

/** Closing has its own call and the EXECUTE-* children belong to operations (product §4). */
export const ADVISOR_CREATABLE_ACTION_TYPES = [
  'OPEN-ACCOUNT',
  'SET-USER-DNT',
  'UPDATE-STRATEGY',
  'UPDATE-CUSTODIAN',
  'UPDATE-CLIENT-DETAIL',
  'REQUEST-DEPOSIT',
  'REQUEST-WITHDRAWAL',
] as const satisfies readonly ActionType[];
export const AdvisorCreatableActionTypeSchema = z.enum(ADVISOR_CREATABLE_ACTION_TYPES);
export type AdvisorCreatableActionType = z.infer<typeof AdvisorCreatableActionTypeSchema>;

// Product §6 roles and product §3 advisor status.
export const ADVISOR_ROLES = ['ADMINISTRATOR', 'CIO', 'OPERATIONS', 'MANAGER', 'ADVISOR'] as const;
export const AdvisorRoleSchema = z.enum(ADVISOR_ROLES);
export type AdvisorRole = z.infer<typeof AdvisorRoleSchema>;

export const ADVISOR_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const AdvisorStatusSchema = z.enum(ADVISOR_STATUSES);
export type AdvisorStatus = z.infer<typeof AdvisorStatusSchema>;

export const OWNER_ROLES = [
  'PRIMARY_OWNER',
  'JOINT_OWNER',
  'EXECUTOR',
  'TREASURER',
  'INTERNAL_POWER_OF_ATTY',
] as const;
export const OwnerRoleSchema = z.enum(OWNER_ROLES);
export type OwnerRole = z.infer<typeof OwnerRoleSchema>;

// Product §9 account and trading settings.
export const ACCOUNT_TYPES = ['I', 'J', 'C', 'T', 'R'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

export const USER_DNT_VALUES = ['DNB', 'DNBS', 'BS'] as const;
export const UserDntSchema = z.enum(USER_DNT_VALUES);
export type UserDnt = z.infer<typeof UserDntSchema>;

// Product §9 strategies and custodians.
export const STRATEGY_STYLES = ['F', 'D', 'A', 'B'] as const;
export const StrategyStyleSchema = z.enum(STRATEGY_STYLES);
export type StrategyStyle = z.infer<typeof StrategyStyleSchema>;

export const BOND_STRATEGY_STYLE = 'B' satisfies StrategyStyle;
export const TOKEN_STRATEGY_STYLES = ['F', 'D', 'A'] as const satisfies readonly StrategyStyle[];
export const TokenStrategyStyleSchema = z.enum(TOKEN_STRATEGY_STYLES);
export type TokenStrategyStyle = z.infer<typeof TokenStrategyStyleSchema>;
/** Product §9: onboarding opens bond portfolios. */
export const ONBOARDING_STRATEGY_STYLE = BOND_STRATEGY_STYLE;

export const STRATEGY_STATUSES = ['A', 'I'] as const;
export const StrategyStatusSchema = z.enum(STRATEGY_STATUSES);
export type StrategyStatus = z.infer<typeof StrategyStatusSchema>;

export const CUSTODIAN_STATUSES = ['A', 'I'] as const;
export const CustodianStatusSchema = z.enum(CUSTODIAN_STATUSES);
export type CustodianStatus = z.infer<typeof CustodianStatusSchema>;

// Product §5 bond strategy factors.
export const DURATION_PLACEMENTS = ['Short', 'Intermediate', 'Long'] as const;
export const DurationPlacementSchema = z.enum(DURATION_PLACEMENTS);
export type DurationPlacement = z.infer<typeof DurationPlacementSchema>;

export const CREDIT_UNIVERSE = [
  'AAA',
  'AA+',
  'AA',
  'AA-',
  'A+',
  'A',
  'A-',
  'BBB+',
  'BBB',
  'BBB-',
] as const;
export const CreditRatingSchema = z.enum(CREDIT_UNIVERSE);
export type CreditRating = z.infer<typeof CreditRatingSchema>;

export const RATING_BUCKETS = ['AAA', 'AA', 'A', 'BBB'] as const;
export const RatingBucketSchema = z.enum(RATING_BUCKETS);
export type RatingBucket = z.infer<typeof RatingBucketSchema>;

export const LIQUIDITY_CODES = ['H', 'P', 'U'] as const;
export const LiquidityCodeSchema = z.enum(LIQUIDITY_CODES);
export type LiquidityCode = z.infer<typeof LiquidityCodeSchema>;

export const TAX_ACCOUNTING_METHODS = ['COST', 'LIFO', 'HIFO', 'FIFO'] as const;
export const TaxAccountingMethodSchema = z.enum(TAX_ACCOUNTING_METHODS);
export type TaxAccountingMethod = z.infer<typeof TaxAccountingMethodSchema>;

// Product §5 tax.
export const TAX_RATES = [0, 12, 24, 32, 35, 37] as const;
export const TaxRateSchema = z.literal(TAX_RATES);
export type TaxRate = z.infer<typeof TaxRateSchema>;

export const TAXID_TYPES = ['SSN', 'TIN'] as const;
export const TaxidTypeSchema = z.enum(TAXID_TYPES);
export type TaxidType = z.infer<typeof TaxidTypeSchema>;

// Product §9 simulation.
export const SIMULATION_TIME_WINDOWS = ['today'] as const;
export const TimeWindowSchema = z.enum(SIMULATION_TIME_WINDOWS);
export type TimeWindow = z.infer<typeof TimeWindowSchema>;

// Product §5 suitability.
export const SOPHISTICATION_LEVELS = ['NONE', 'LOW', 'HIGH'] as const;
export const SophisticationSchema = z.enum(SOPHISTICATION_LEVELS);
export type Sophistication = z.infer<typeof SophisticationSchema>;

export const INVESTMENT_OBJECTIVES = ['INCOME', 'GROWTH', 'CAPITAL_PRESERVATION'] as const;
export const InvestmentObjectiveSchema = z.enum(INVESTMENT_OBJECTIVES);
export type InvestmentObjective = z.infer<typeof InvestmentObjectiveSchema>;

export const RISK_LEVELS = ['LOW', 'MODERATE', 'HIGH'] as const;
export const RiskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof RiskLevelSchema>;

export const TIME_HORIZONS = ['SHORT_TERM', 'LONG_TERM', 'GENERATIONAL'] as const;
export const TimeHorizonSchema = z.enum(TIME_HORIZONS);
export type TimeHorizon = z.infer<typeof TimeHorizonSchema>;

export const TAX_STATUSES = ['UP', 'DOWN', 'NO_CHANGE'] as const;
export const TaxStatusSchema = z.enum(TAX_STATUSES);
export type TaxStatus = z.infer<typeof TaxStatusSchema>;
