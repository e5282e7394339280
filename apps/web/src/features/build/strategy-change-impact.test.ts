import type { AssetLine, BondSimulationResult } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { movingCost } from './strategy-change-impact.ts';

function line(cusip: string | null, value: number, gainLoss: number): AssetLine {
  return {
    asset_class: cusip ? 'National Municipal Bonds' : 'Cash',
    cost_basis: value - gainLoss,
    current_value_usd: value,
    cusip,
    description: cusip ?? 'Cash',
    duration: 5,
    last_price_usd: 100,
    percent_account: 10,
    quantity: value / 100,
    total_gain_loss_usd: gainLoss,
    ytw: 3,
    in_state_flag: 'false',
  };
}

function proposedHolding(...cusips: string[]): BondSimulationResult {
  const contributions = cusips.map((cusip) => ({
    cusip,
    weight: 100 / cusips.length,
    portfolio_yield: 1,
    tax_equivalent_yield: 1,
    after_tax_cash_flow: 100,
    duration: 1,
    rate_change_sensitivity: [],
  }));
  // Only the positions matter to what moving sells.
  return { contributions } as unknown as BondSimulationResult;
}

describe('what moving to a proposed bond portfolio sells', () => {
  it('sells each bond the proposal does not hold, realising its gain or loss; cash is not sold', () => {
    const assets = [
      line('64971XAA1', 100_000, 2_500),
      line('13063DAB2', 50_000, -4_000),
      line('912828ZZ3', 80_000, 1_000),
      line(null, 5_000, 0),
    ];
    expect(movingCost(assets, proposedHolding('912828ZZ3', '59447TAC7'))).toEqual({
      sold: [assets[0], assets[1]],
      proceeds: 150_000,
      realisedGains: 2_500,
      realisedLosses: -4_000,
    });
    expect(movingCost(assets, proposedHolding('64971XAA1', '13063DAB2', '912828ZZ3')).sold).toEqual(
      [],
    );
  });
});
