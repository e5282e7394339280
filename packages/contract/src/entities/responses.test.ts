import { describe, expect, it } from 'vitest';
import {
  makeBondStrategyInput,
  makeClientData,
  makeCustodianInput,
  makeSuitability,
} from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { ComparerResponseItemSchema } from './comparer.ts';
import { FormOptionsSchema } from './form-options.ts';
import { HoldingReportRecordSchema, HoldingReportSchema } from './holding.ts';
import { OnboardingApplicationSchema } from './onboarding-application.ts';
import { PortfolioDetailSchema, PortfolioListResponseSchema } from './portfolio.ts';
import { SimulationResponseItemSchema } from './simulation.ts';
import { TokenLotSchema } from './token-lot.ts';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const AT = '2025-03-03T09:30:00Z';

const holdingSummary = {
  nav: 1_250_000,
  ytw: 3.42,
  duration: 5.1,
  return_ytd_pct: 1.2,
  return_1y_pct: null,
  tey: 5.6,
  current_loss_harvested_pct: 0.4,
  number_of_holdings: 38,
};

const assetLine = {
  asset_class: 'Municipal',
  cost_basis: 101_250,
  current_value_usd: 100_875.5,
  cusip: '64971XQM3',
  description: 'NEW YORK CITY NY TRANSITIONAL 5% 11/01/2031',
  duration: 5.4,
  last_price_usd: 100.8755,
  percent_account: 8.07,
  quantity: 100_000,
  total_gain_loss_usd: -374.5,
  ytw: 3.1,
  in_state_flag: 'true',
};

const returns = Object.fromEntries(
  ['1d', '1m', '3m', '6m', '3y', 'ytd', '1y', 'total'].flatMap((period) => [
    [`return_${period}_usd`, 1000],
    [`return_${period}_pct`, 0.08],
  ]),
);

const holdingReport = {
  report_date: '2025-03-01',
  nav: 1_250_000,
  ytw: 3.42,
  duration: 5.1,
  annual_tax_loss: 4200,
  tey: 5.6,
  percent_portfolio_analyzed: 99.5,
  average_rating: 'AA',
  tax_loss_harvested: 3100,
  tax_loss_value: 1147,
  ...returns,
  report_date_deposit_usd: 0,
  report_date_withdraw_usd: 0,
  report_date_realized_gain: 0,
  report_date_realized_loss: 120.55,
  number_of_holdings: 38,
  assets: [assetLine],
};

describe('response entities (product §3)', () => {
  it('portfolio list response', () => {
    const response = {
      portfolios: [
        {
          id: ID,
          client_name: 'Lovelace Family Trust',
          advisors: [{ first_name: 'Grace', last_name: 'Hopper' }],
          originating_advisor: { first_name: 'Grace', last_name: 'Hopper' },
          inception_date: '2024-06-03',
          current_holding: holdingSummary,
          current_strategy_summary: { style: 'B', summary: 'Intermediate munis, AA' },
          user_dnt: null,
          status: 'IN-GOOD-ORDER',
        },
        {
          id: ID,
          client_name: 'New client',
          advisors: null,
          originating_advisor: null,
          inception_date: null,
          current_holding: null,
          current_strategy_summary: null,
          user_dnt: 'DNB',
          status: 'INCOMPLETE',
        },
      ],
      aum: 1_250_000,
      avg_aum: 625_000,
      number_of_portfolios: 2,
    };
    expect(validationErrorsOf(PortfolioListResponseSchema, response)).toEqual([]);
  });

  it('holding report and its record', () => {
    expect(validationErrorsOf(HoldingReportSchema, holdingReport)).toEqual([]);
    expect(
      validationErrorsOf(HoldingReportRecordSchema, {
        ...holdingReport,
        id: ID,
        portfolio: ID,
        created_at: AT,
      }),
    ).toEqual([]);
  });

  it('asset line carries in_state_flag as the text "true" or "false"', () => {
    const report = { ...holdingReport, assets: [{ ...assetLine, in_state_flag: true }] };
    expect(validationErrorsOf(HoldingReportSchema, report)).toMatchObject([
      { attr: 'assets.0.in_state_flag', code: 'invalid_choice' },
    ]);
  });

  it('portfolio detail', () => {
    const detail = {
      id: ID,
      current_client_data: { ...makeClientData(), created_at: AT },
      current_custodians: [{ custodian_name: 'Schwab', custodian_account: 'ABCD-1234' }],
      client_name: 'Ada Lovelace',
      inception_date: '2024-06-03',
      user_dnt: 'BS',
      status: 'NEEDS-ACTION',
      current_strategy: { ...makeBondStrategyInput(), created_at: AT },
      current_holding: holdingReport,
      benchmark_returns: { '1m': 0.4, '3m': 1.1, '6m': 2.0, ytd: 0.9, '1y': null, total: 3.3 },
      asset_distribution: {
        cash: 2,
        corporate_bonds: 20,
        in_state_municipal_bonds: 30,
        national_municipal_bonds: 38,
        treasury_bonds: 10,
      },
    };
    expect(validationErrorsOf(PortfolioDetailSchema, detail)).toEqual([]);
  });

  it('onboarding application, with draft custodians', () => {
    const application = {
      portfolio_id: ID,
      created_at: AT,
      last_updated_at: AT,
      client_input_data: makeClientData(),
      strategy_input_data: null,
      custodian_input_data: [makeCustodianInput({ account_number: '' })],
      kyc_input_data: [],
      client_suitability_data: makeSuitability(),
      advisor_input_data: [ID],
      originating_advisor_id: ID,
    };
    expect(validationErrorsOf(OnboardingApplicationSchema, application)).toEqual([]);
  });

  it('token lot keeps 18 decimals as text', () => {
    const lot = {
      coin: 'ETH',
      amount: '1.123456789012345678',
      cost_basis: 2500,
      date_acquired: '2024-01-05',
    };
    expect(validationErrorsOf(TokenLotSchema, lot)).toEqual([]);
    expect(validationErrorsOf(TokenLotSchema, { ...lot, amount: 1.5 })).toMatchObject([
      { attr: 'amount', code: 'incorrect_type' },
    ]);
  });

  const bondAttributes = {
    portfolio_yield: 3.4,
    tax_equivalent_yield: 5.5,
    after_tax_cash_flow: 40_000,
    avg_rating: 'AA-',
    duration: 5,
    tax_loss_harvested_value: 1200,
    liquidity: 70,
    asset_class_composition: {
      munis_national: 40,
      munis_in_state: 30,
      corporates: 20,
      treasuries: 10,
    },
  };
  const universeEntry = {
    duration: 5,
    instrument_yield: 3.3,
    liquidity: 60,
    sel: true,
    fed_tax_exempt: true,
    state_tax_exempt_rate: 0,
    tax_equivalent_yield: 5.2,
  };

  it('simulation response items, bond and general, pending or done', () => {
    const bond = {
      timeframe: 'today',
      attributes: bondAttributes,
      investable_universe: {
        munis_national: universeEntry,
        munis_in_state: universeEntry,
        corporates: { ...universeEntry, fed_tax_exempt: false },
        treasuries: universeEntry,
      },
      ratings_exposure: { AAA: 10, AA: 50, A: 30, BBB: 10 },
      sector_exposure: { 'General Obligation': 40, Utilities: 60 },
      duration_exposure: {
        three_or_less: 10,
        three_to_seven: 70,
        seven_to_ten: 15,
        ten_or_more: 5,
      },
      rate_change_sensitivity: [{ rate_change_bps: 100, value_change: -5.1 }],
      tax_cash_flows: { years: [2025, 2026], cash_flows: [40_000, 41_000], taxes: [0, 0] },
      tax_loss_value: 1100,
      tax_rates: { aggregate: 44.1, federal: 37, state: 7.1 },
    };
    const series = { name: 'Portfolio', dates: ['2025-01-01', '2025-02-01'], values: [100, 101] };
    const general = {
      timeframe: 'today',
      balance: {
        data: [series],
        balance: 1_010_000,
        total_gain_loss: 10_000,
        total_gain_loss_perc: 1,
      },
      relative_performance: { data: [series], cumulative_relative_performance: 0.3 },
      tax_loss_harvesting: {
        monthly: [{ month: '2025-01', losses: 1200 }],
        yearly: [{ year: 2025, losses: 1200, tax_savings: 444 }],
      },
      performance_stats: {
        total_return: 1,
        excess_return: 0.3,
        annualized_return: 6,
        turnover: 12,
        volatility: 40,
        sharp_ratio: 0.9,
      },
      holdings: { BTC: 60, ETH: 40 },
      attributes: {
        consensus_mechanism: { 'Proof of Work': 60, 'Proof of Stake': 40 },
        market_capitalization: { Large: 100 },
        sector: { 'Smart Contracts': 40, Currency: 60 },
        volume: { High: 100 },
      },
    };
    // Results stored before positions' contributions were reported have none, and those stored
    // before each contribution named its bond (engine rules 2) have no terms nor own figures.
    const part = {
      cusip: '64966QAA8',
      weight: 100,
      portfolio_yield: 3.4,
      tax_equivalent_yield: 5.5,
      after_tax_cash_flow: 40_000,
      duration: 5,
      rate_change_sensitivity: [{ rate_change_bps: 100, value_change: -5.1 }],
    };
    const explained = { ...bond, contributions: [part] };
    const terms = {
      issuer: 'New York City Municipal Water Finance Authority',
      coupon: 4.375,
      maturity: '2041-06-15',
      rating: 'AA+',
      next_call: '2031-06-15',
      asset_class: 'munis_in_state',
    };
    const own = {
      yield_to_worst: 3.4,
      bond_tax_equivalent_yield: 5.5,
      bond_duration: 5,
      price: 101.25,
    };
    const described = {
      ...bond,
      contributions: [
        { ...part, ...terms, ...own },
        { ...part, ...terms, ...own, next_call: null },
      ],
    };
    const item = (simulation_result: unknown) => ({
      time_window: 'today',
      simulation_hash: 'a1b2c3',
      simulation_result,
    });
    for (const simulation_result of [bond, explained, described, general, null]) {
      expect(validationErrorsOf(SimulationResponseItemSchema, item(simulation_result))).toEqual([]);
    }
    // A rating is a notch of the credit universe, an asset class one of the composition's, a
    // bond's own figure a number.
    for (const wrong of [
      { rating: 'Aa1' },
      { asset_class: 'municipal' },
      { maturity: '15/06/2041' },
      { yield_to_worst: '3.4' },
    ]) {
      expect(
        validationErrorsOf(
          SimulationResponseItemSchema,
          item({ ...bond, contributions: [{ ...part, ...terms, ...wrong }] }),
        ),
      ).not.toEqual([]);
    }
    expect(
      validationErrorsOf(ComparerResponseItemSchema, {
        time_window: null,
        simulation_hash: 'd4e5',
        comparer_summary: [
          { duration_placement: 'Short', liquidity: 'H', attributes: bondAttributes },
          { duration_placement: 'Long', liquidity: 'U', attributes: bondAttributes },
        ],
      }),
    ).toEqual([]);
  });

  it('form options', () => {
    const options = {
      name: 'B',
      options: [
        {
          form_name: 'Duration',
          form_summary: 'Average duration',
          form_description: 'How far out the ladder reaches.',
          value_type: 'select',
          values: [
            {
              value: 'Short',
              limits: { min: 2, max: 3 },
              icon: null,
              summary: '2-3 years',
              description: 'Less rate risk.',
              constraints: null,
            },
          ],
          payload_field_name: 'factors.duration.placement',
          default_value: 'Intermediate',
        },
      ],
      default_simulation_results: [],
    };
    expect(validationErrorsOf(FormOptionsSchema, options)).toEqual([]);
  });
});
