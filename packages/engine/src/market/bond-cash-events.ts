import { addMonths, days30360, type EpochDay, toCivil } from '../dates.ts';
import { decimalFraction, fraction } from '../valuation/cents.ts';
import type { BondCashEvent, Fraction } from '../valuation/valuation-types.ts';
import type { BondRedemption } from './bond-redemption.ts';

type CouponTerms = { coupon: number; dated: EpochDay; maturity: EpochDay };

/**
 * The coupon per 100 of face for `days` of 360 (30/360, SPEC 2.2), or half the annual rate for a
 * whole period, exactly: the annual rate per 100 read to millionths (`decimalFraction`).
 */
export function couponPerHundred(coupon: number, days?: number): Fraction {
  const annual = decimalFraction(coupon * 100);
  return days === undefined
    ? fraction(annual.numerator, annual.denominator * 2)
    : fraction(annual.numerator * days, annual.denominator * 360);
}

const couponDate = (maturity: EpochDay, periodsBack: number) =>
  addMonths(maturity, -6 * periodsBack);

/**
 * A bond's coupons and its redemption on days in (from, to], in order (SPEC 3.14). Coupons fall
 * every six months counted back from maturity (SPEC 2.1), each half the annual rate, save a
 * first coupon after a dated date inside a period, which pays the days since the dated date
 * (30/360, SPEC 2.2). A call between coupon days pays the interest since the last one with the
 * call price; a coupon day after the redemption pays nothing.
 */
export function bondCashEvents(
  bond: CouponTerms,
  redemption: BondRedemption,
  from: EpochDay,
  to: EpochDay,
): BondCashEvent[] {
  const events: BondCashEvent[] = [];
  const start = toCivil(from);
  const end = toCivil(bond.maturity);
  let back = Math.floor(((end.year - start.year) * 12 + (end.month - start.month)) / 6) + 1;
  while (couponDate(bond.maturity, back) > from) back += 1;
  let lastCoupon = Math.max(couponDate(bond.maturity, back), bond.dated);
  for (let n = back - 1; n >= 0; n--) {
    const day = couponDate(bond.maturity, n);
    if (day > to || day > redemption.day) break;
    if (day <= from || day <= bond.dated) {
      lastCoupon = Math.max(day, bond.dated);
      continue;
    }
    const previous = couponDate(bond.maturity, n + 1);
    const perHundred = couponPerHundred(
      bond.coupon,
      previous < bond.dated ? days30360(bond.dated, day) : undefined,
    );
    events.push({ kind: 'COUPON', day, perHundred });
    lastCoupon = day;
  }
  if (redemption.day > from && redemption.day <= to) {
    if (redemption.day !== lastCoupon) {
      const since = Math.max(lastCoupon, bond.dated);
      events.push({
        kind: 'COUPON',
        day: redemption.day,
        perHundred: couponPerHundred(bond.coupon, days30360(since, redemption.day)),
      });
    }
    events.push({
      kind: redemption.kind,
      day: redemption.day,
      perHundred: decimalFraction(redemption.price),
    });
  }
  return events;
}
