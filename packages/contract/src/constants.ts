/** Spec §9: the smallest initial investment a strategy accepts, in US dollars. */
export const MINIMUM_INITIAL_INVESTMENT = 350_000;
