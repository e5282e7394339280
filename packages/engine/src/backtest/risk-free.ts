import type { EpochDay } from '../dates.ts';
import type { MarketData } from '../market/market-data.ts';

/** The treasury bill the Sharpe ratio measures against: three months (SPEC 5.4). */
const BILL_YEARS = 0.25;

/**
 * The risk-free return of each period between consecutive `days` (SPEC 5.4): the three-month
 * bill on the market's curve of the period's last day (the latest before it on a day without a
 * curve), for the days elapsed over 365, as the bond backtest's cash earns it (SPEC 9.1).
 */
export function riskFreeReturns(
  market: Pick<MarketData, 'treasuryCurve'>,
  days: ArrayLike<EpochDay>,
): number[] {
  const returns: number[] = [];
  for (let t = 1; t < days.length; t++) {
    const day = days[t] as EpochDay;
    const elapsed = (day - (days[t - 1] as EpochDay)) / 365;
    returns.push(market.treasuryCurve(day)(BILL_YEARS) * elapsed);
  }
  return returns;
}
