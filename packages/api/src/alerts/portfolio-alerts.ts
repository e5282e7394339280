/**
 * Decision 020: the monitor's alerts on one portfolio, from its latest holding report and its
 * current strategy. Pure, so each rule is tested with figures worked out by hand.
 */
import {
  CREDIT_UNIVERSE,
  MONITOR_CASH_MAX_PCT,
  MONITOR_HARVEST_MIN_LOSS_PCT,
  MONITOR_HARVEST_MIN_LOSS_USD,
  MONITOR_MAX_BUSINESS_DAYS_UNVALUED,
  type PortfolioAlert,
  RATING_BUCKETS,
  type StrategyInput,
} from '@ballast/contract';
import { businessDaysSince } from '../business-days.ts';

/** What the rules read of a portfolio; the lines are only those a rule looks at. */
export type AlertInput = {
  portfolioId: string;
  clientName: string;
  advisorName: string;
  report: {
    reportDate: string;
    nav: number;
    duration: number | null;
    averageRating: string | null;
  };
  /** The report's cash lines added up, in US dollars. */
  cashUsd: number;
  /** The report's lines that stand at a loss. */
  losingLines: readonly { description: string; costBasis: number; gainLossUsd: number }[];
  strategy: StrategyInput | null;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

const usd = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** A rating's place from the best (AAA is 0); a rating off the scale ranks below all of it. */
function ratingRank(rating: string): number {
  const rank = (CREDIT_UNIVERSE as readonly string[]).indexOf(rating);
  return rank === -1 ? CREDIT_UNIVERSE.length : rank;
}

/**
 * Whether an average rating lies below the strategy's floor. A report may give the average as a
 * bucket (AAA, AA, A, BBB, product §3), which spans the floor's notches when it is the floor's
 * own bucket: it is below only when the whole bucket is, so BBB does not fail a BBB+ floor.
 */
function isBelowFloor(average: string, floor: string): boolean {
  if ((RATING_BUCKETS as readonly string[]).includes(average)) {
    return ratingRank(average) > ratingRank(floor.replace(/[+-]$/, ''));
  }
  return ratingRank(average) > ratingRank(floor);
}

export function portfolioAlerts(input: AlertInput, today: string): PortfolioAlert[] {
  const { report, strategy } = input;
  const alerts: PortfolioAlert[] = [];
  const alert = (
    kind: PortfolioAlert['kind'],
    figure: number | string,
    limit: number | string,
    reason: string,
    holding: string | null = null,
  ) =>
    alerts.push({
      portfolio_id: input.portfolioId,
      client_name: input.clientName,
      advisor_name: input.advisorName,
      kind,
      report_date: report.reportDate,
      figure,
      limit,
      reason,
      holding,
    });

  if (report.nav > 0) {
    const cashPct = round2((input.cashUsd / report.nav) * 100);
    if (cashPct > MONITOR_CASH_MAX_PCT) {
      alert(
        'CASH_ABOVE_LIMIT',
        cashPct,
        MONITOR_CASH_MAX_PCT,
        `Cash is ${cashPct}% of the portfolio (${usd(input.cashUsd)}), above the ${MONITOR_CASH_MAX_PCT}% limit.`,
      );
    }
  }

  if (strategy?.style === 'B') {
    const band = strategy.strategy.factors.duration;
    if (report.duration !== null && (report.duration < band.min || report.duration > band.max)) {
      alert(
        'DURATION_OUTSIDE_BAND',
        report.duration,
        `${band.min}-${band.max}`,
        `Duration is ${report.duration} years, outside the strategy's ${band.min}-${band.max} year band (${band.placement}).`,
      );
    }
    const floor = strategy.strategy.factors.credit.credit_universe;
    if (report.averageRating !== null && isBelowFloor(report.averageRating, floor)) {
      alert(
        'BELOW_CREDIT_FLOOR',
        report.averageRating,
        floor,
        `The holdings' average rating is ${report.averageRating}, below the strategy's credit floor of ${floor}.`,
      );
    }
  }

  for (const line of input.losingLines) {
    const loss = round2(-line.gainLossUsd);
    if (line.costBasis <= 0 || loss < MONITOR_HARVEST_MIN_LOSS_USD) continue;
    const lossPct = round2((loss / line.costBasis) * 100);
    if (lossPct < MONITOR_HARVEST_MIN_LOSS_PCT) continue;
    alert(
      'HARVESTABLE_LOSS',
      lossPct,
      MONITOR_HARVEST_MIN_LOSS_PCT,
      `${line.description} stands at an unrealised loss of ${usd(loss)}, ${lossPct}% of its cost basis; a loss from ${MONITOR_HARVEST_MIN_LOSS_PCT}% and ${usd(MONITOR_HARVEST_MIN_LOSS_USD)} is worth harvesting.`,
      line.description,
    );
  }

  const unvalued = businessDaysSince(report.reportDate, today);
  if (unvalued > MONITOR_MAX_BUSINESS_DAYS_UNVALUED) {
    alert(
      'NOT_VALUED',
      unvalued,
      MONITOR_MAX_BUSINESS_DAYS_UNVALUED,
      `Last valued on ${report.reportDate}, ${unvalued} business days ago; the limit is ${MONITOR_MAX_BUSINESS_DAYS_UNVALUED}.`,
    );
  }
  return alerts;
}
