/** Product §9: the smallest initial investment a strategy accepts, in US dollars. */
export const MINIMUM_INITIAL_INVESTMENT = 350_000;

// Product §5 and product §9 limits.
export const STATE_MAX_LENGTH = 3;
export const ZIP_CODE_MAX_LENGTH = 10;
export const KYC_DESCRIPTION_MAX_LENGTH = 1024;
/** Oldest date of birth an owner may have, as an ISO calendar date. */
export const MIN_DATE_OF_BIRTH = '1900-01-01';
export const PHONE_DIGITS = 10;
export const MAX_ALLOCATION_MIN_SUM = 100;
export const PERCENT_MIN = 0;
export const PERCENT_MAX = 100;
export const LIQUIDITY_MIN = 1;
export const LIQUIDITY_MAX = 100;
/** Residency a tax-exempt strategy declares, since no state taxes it. */
export const TAX_EXEMPT_RESIDENCY = 'Nowhere';

/** Product §5: the average duration, in years, that each placement allows (bounds inclusive). */
export const DURATION_RANGES = {
  Short: { min: 2, max: 3 },
  Intermediate: { min: 3, max: 7 },
  Long: { min: 7, max: 15 },
} as const;

// Decision 020: the monitor's alert limits.
/** Cash above this share of NAV, in percent, is idle money the strategy did not ask for. */
export const MONITOR_CASH_MAX_PCT = 10;
/** An unrealised loss is worth harvesting from this share of the line's cost basis, in percent… */
export const MONITOR_HARVEST_MIN_LOSS_PCT = 5;
/** …and from this many US dollars, so that small lines do not raise alerts. */
export const MONITOR_HARVEST_MIN_LOSS_USD = 1_000;
/** The most business days (Monday to Friday, UTC) a portfolio may go without a valuation. */
export const MONITOR_MAX_BUSINESS_DAYS_UNVALUED = 1;

// Product §4 and product §9 session behaviour of the sign-in client.
export const SESSION_REFRESH_INTERVAL_MS = 180_000;
export const SESSION_BACKOFF_BASE_MS = 2_000;
export const SESSION_BACKOFF_MAX_EXPONENT = 7;
/** Total width of the jitter band, so each retry moves by about ±175 ms. */
export const SESSION_BACKOFF_JITTER_MS = 350;
export const INTERMEDIATE_SESSION_COOKIE_MINUTES = 10;
export const SESSION_JWT_COOKIE = '__session';
export const SESSION_COOKIE_SAME_SITE = 'lax';
export const PKCE_NAMESPACES = ['passwords', 'magic_links', 'oauth'] as const;
export const PKCE_VERIFIER_WORDS = 16;
export const PUBLIC_TOKEN_PREFIX = 'public-token-';
export const TELEMETRY_BATCH_SIZE = 15;
export const TELEMETRY_FLUSH_INTERVAL_MS = 800;

// Product §2 and product §8 interface timings.
export const SETTINGS_TOAST_DURATION_MS = 5_000;
/** Product §2: user and firm-logo lookups are always refetched. */
export const FIRM_USER_CACHE_TIME_MS = 0;

// Paging (docs/architecture.md "API conventions"); the product rules leave page sizes open.
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;

// Firm administration (ours): a logo is a small header mark, not a photograph.
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** How long an invitation's sign-in link stays good: a working week and a weekend. */
export const INVITATION_LINK_MINUTES = 7 * 24 * 60;

// Decision 023: the firm's sign-in policy.
/** The shortest sign-in a policy may ask for; the identity service's own floor is five minutes. */
export const SESSION_POLICY_MINUTES_MIN = 15;
/** What a firm without a policy of its own gets: a working day. */
export const SESSION_POLICY_MINUTES_DEFAULT = 12 * 60;

/** The tax years a tax-lot export may ask for. */
export const TAX_YEAR_MIN = 1900;
export const TAX_YEAR_MAX = 2100;
