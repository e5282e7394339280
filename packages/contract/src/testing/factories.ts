/**
 * Valid example values of the main input entities, for tests and seeds in any package. Each
 * takes overrides so a test states only what it varies.
 */

import type { Action } from '../entities/action.ts';
import type { QueuedAction } from '../entities/action-queue.ts';
import type { ClientDataInput } from '../entities/client-data.ts';
import type { CustodianInput } from '../entities/custodian.ts';
import type { Address, Owner } from '../entities/owner.ts';
import type { PortfolioInputs } from '../entities/portfolio-inputs.ts';
import type { BondStrategyInput, TokenStrategyInput } from '../entities/strategy.ts';
import type { Suitability } from '../entities/suitability.ts';
import type { TaxData } from '../entities/tax.ts';

export function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    address: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    ...overrides,
  };
}

export function makeOwner(overrides: Partial<Owner> = {}): Owner {
  return {
    role: 'PRIMARY_OWNER',
    first_name: 'Ada',
    last_name: 'Lovelace',
    personal_address: makeAddress(),
    mailing_address: makeAddress(),
    taxid_type: 'SSN',
    taxid: '123-45-6789',
    DOB: '1970-05-17',
    marital_status: 'MARRIED',
    citizenship_country: 'US',
    email: 'ada@example.com',
    home_phone: '5551234567',
    ...overrides,
  };
}

export function makeClientData(overrides: Partial<ClientDataInput> = {}): ClientDataInput {
  return { account_type: 'I', owners: [makeOwner()], ...overrides };
}

export function makeTaxData(overrides: Partial<TaxData> = {}): TaxData {
  return {
    initial_investment_amount: 500_000,
    tax_rate: 35,
    tax_residency: 'CA',
    alternative_minimum_tax: false,
    net_investment_income_tax: true,
    ...overrides,
  };
}

export function makeBondStrategyInput(
  overrides: Partial<BondStrategyInput['strategy']> = {},
): BondStrategyInput {
  return {
    style: 'B',
    strategy: {
      assets: { type: 'max_allocation', muni_max_pct: 60, corp_max_pct: 30, tsry_max_pct: 10 },
      factors: {
        duration: { placement: 'Intermediate', min: 4, max: 6 },
        credit: { credit_universe: 'A', max_aa_pct: 50, max_a_pct: 40, max_bbb_pct: 10 },
        liquidity: { target: 'H', min: 20, max: 80 },
      },
      constraints: {
        excluded_municipal_sectors: [],
        excluded_corporate_sectors: ['Tobacco'],
        excluded_municipal_issuers: [],
        excluded_corporate_issuers: [],
      },
      tax_options: {
        tax_loss_harvest: true,
        tax_accounting_method: 'HIFO',
        total_tax_budget: null,
      },
      ...overrides,
    },
    tax_data: makeTaxData(),
  };
}

export function makeTokenStrategyInput(
  overrides: Partial<TokenStrategyInput> = {},
): TokenStrategyInput {
  return {
    style: 'F',
    strategy: {
      assets: [
        { instrument: 'BTC', target_pct: 60 },
        { instrument: 'ETH', target_pct: 40 },
      ],
      token_universe: 'TOP_20',
      calculation_methodology: 'MARKET_CAP',
      recalculation_frequency: 'MONTHLY',
      constraints: { exclude: ['DOGE'], limits: [{ instrument: 'ETH', limit_pct: 50 }] },
      tax_options: {
        tax_loss_harvest: true,
        tax_accounting_method: 'FIFO',
        total_tax_budget: 10_000,
        staking: true,
      },
    },
    tax_data: makeTaxData(),
    ...overrides,
  };
}

export function makeCustodianInput(overrides: Partial<CustodianInput> = {}): CustodianInput {
  return { custodian_name: 'Fidelity', account_number: 'AB1-C2D3E4', ...overrides };
}

export function makeSuitability(overrides: Partial<Suitability> = {}): Suitability {
  return {
    investment_amount: 750_000,
    percent_net_worth: 25,
    is_financial_professional: false,
    sophistication: 'LOW',
    objective: 'INCOME',
    risk: 'MODERATE',
    time_horizon: 'LONG_TERM',
    tax_status: 'NO_CHANGE',
    ...overrides,
  };
}

export function makePortfolioInputs(overrides: Partial<PortfolioInputs> = {}): PortfolioInputs {
  return {
    client_data: makeClientData(),
    strategy: makeBondStrategyInput(),
    custodians: [makeCustodianInput()],
    kyc_input_data: [
      {
        id: '7d1c3f4e-2b6a-4c8d-9e0f-1a2b3c4d5e6f',
        owner_name: 'Ada Lovelace',
        description: 'Passport',
      },
    ],
    client_suitability_data: makeSuitability(),
    ...overrides,
  };
}

/** A REQUEST-DEPOSIT of $1,250.50 as the api answers it, SUBMITTED-CANCELLABLE. */
export function makeDepositAction(overrides: Partial<Omit<Action, 'action_type'>> = {}): Action {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    portfolio_id: '00000000-0000-4000-8000-000000000002',
    created_by_advisor_id: null,
    parent_action_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    last_updated_at: '2026-11-20T10:00:00.000Z',
    state: 'SUBMITTED-CANCELLABLE',
    needs_action_payload: null,
    action_payload: { cash: 1250.5 },
    ...overrides,
    action_type: 'REQUEST-DEPOSIT',
  } as Action;
}

/** An action as the operations queue lists it (GET /actions), by default that deposit. */
export function makeQueuedAction(overrides: Partial<QueuedAction> = {}): QueuedAction {
  return {
    action: makeDepositAction(),
    client_name: 'Ada Lovelace',
    advisor_name: 'Grace Hopper',
    moves: [],
    transitions: [
      {
        from_state: null,
        to_state: 'SUBMITTED-CANCELLABLE',
        at: '2026-11-20T10:00:00.000Z',
        actor_name: 'Grace Hopper',
      },
    ],
    ...overrides,
  };
}
