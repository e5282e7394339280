import { addMonthsTo, type CivilDate, days30360, type EpochDay, toCivil } from '../dates.ts';

/** A fixed-coupon bond's terms. Prices are per 100 of face; the coupon is a decimal rate. */
export type BondTerms = {
  couponRate: number;
  maturity: EpochDay;
  /** Interest accrues from here; a first coupon after it is paid for the days since. */
  dated?: EpochDay;
  /** Dates on which the issuer may redeem early, each at its price. */
  calls?: readonly Redemption[];
};

export type Redemption = { day: EpochDay; price: number };

/**
 * What a bond pays from a settlement date to one redemption: amounts per 100 of face and their
 * times in coupon periods from settlement (SPEC 2.3), and the interest accrued at settlement.
 */
export type CashFlows = {
  times: Float64Array;
  amounts: Float64Array;
  accrued: number;
};

const MONTHS_PER_PERIOD = 6;
const DAYS_PER_PERIOD = 180;

/**
 * The cash flows to `redemption` (the maturity at par unless a call is named). Coupon dates are
 * counted back from maturity in six-month steps (SPEC 2.1); a redemption between coupon dates
 * pays the interest accrued since the last one with the price.
 */
export function cashFlows(
  bond: BondTerms,
  settlement: EpochDay,
  redemption: Redemption = { day: bond.maturity, price: 100 },
): CashFlows {
  if (redemption.day <= settlement) throw new Error('The redemption is not after settlement.');
  const coupon = (bond.couponRate * 100) / 2;
  const maturity = toCivil(bond.maturity);
  const periodsBack = periodsBackToNextCoupon(maturity, settlement);
  const next = couponDate(maturity, periodsBack);
  const previous = couponDate(maturity, periodsBack + 1);
  const accrualStart = bond.dated !== undefined && bond.dated > previous ? bond.dated : previous;
  const accrued = (bond.couponRate * 100 * days30360(accrualStart, settlement)) / 360;
  const firstCoupon =
    accrualStart === previous
      ? coupon
      : (bond.couponRate * 100 * days30360(accrualStart, next)) / 360;
  // Every regular period is 180 days under 30/360 (SPEC 2.3), even one whose end the day count
  // leaves short or long, as 31 August to 28 February (178) and back (183) are.
  const toNext = days30360(settlement, next) / DAYS_PER_PERIOD;

  const times: number[] = [];
  const amounts: number[] = [];
  let period = 0;
  let date = next;
  while (date < redemption.day) {
    times.push(toNext + period);
    amounts.push(period === 0 ? firstCoupon : coupon);
    period += 1;
    date = couponDate(maturity, periodsBack - period);
  }
  if (date === redemption.day) {
    times.push(toNext + period);
    amounts.push((period === 0 ? firstCoupon : coupon) + redemption.price);
  } else {
    // Redeemed between coupon dates: the part-period's interest, and the time to match.
    const lastPaid = couponDate(maturity, periodsBack - period + 1);
    const start = period === 0 ? settlement : lastPaid;
    const partial = days30360(start, redemption.day) / DAYS_PER_PERIOD;
    const interestFrom = period === 0 ? accrualStart : lastPaid;
    times.push((period === 0 ? 0 : toNext + period - 1) + partial);
    amounts.push(
      redemption.price + (bond.couponRate * 100 * days30360(interestFrom, redemption.day)) / 360,
    );
  }
  return { times: Float64Array.from(times), amounts: Float64Array.from(amounts), accrued };
}

/** The coupon date `periodsBack` periods before maturity, always counted from maturity itself. */
function couponDate(maturity: CivilDate, periodsBack: number): EpochDay {
  return addMonthsTo(maturity, -MONTHS_PER_PERIOD * periodsBack);
}

/** How many periods before maturity the first coupon date after settlement falls. */
function periodsBackToNextCoupon(maturity: CivilDate, settlement: EpochDay): number {
  const from = toCivil(settlement);
  const to = maturity;
  let back =
    Math.floor(((to.year - from.year) * 12 + (to.month - from.month)) / MONTHS_PER_PERIOD) + 1;
  while (back > 0 && couponDate(maturity, back) <= settlement) back -= 1;
  while (couponDate(maturity, back + 1) > settlement) back += 1;
  return back;
}
