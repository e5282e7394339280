import { addMonths, days30360, type EpochDay, toCivil } from '../dates.ts';
import type { BondCashEvent } from '../valuation/valuation-types.ts';
import type { BondRedemption } from './bond-redemption.ts';

type CouponTerms = { coupon: number; dated: EpochDay; maturity: EpochDay };

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
  const annual = bond.coupon * 100;
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
    const perHundred =
      previous < bond.dated ? (annual * days30360(bond.dated, day)) / 360 : annual / 2;
    events.push({ kind: 'COUPON', day, perHundred });
    lastCoupon = day;
  }
  if (redemption.day > from && redemption.day <= to) {
    if (redemption.day !== lastCoupon) {
      const since = Math.max(lastCoupon, bond.dated);
      events.push({
        kind: 'COUPON',
        day: redemption.day,
        perHundred: (annual * days30360(since, redemption.day)) / 360,
      });
    }
    events.push({ kind: redemption.kind, day: redemption.day, perHundred: redemption.price });
  }
  return events;
}
