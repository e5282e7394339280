/** Realistic, deterministic clients, strategies and custodian accounts for the seed scenarios. */
import type {
  ClientDataInput,
  CustodianInput,
  StrategyInput,
  Suitability,
  TokenStrategyInput,
} from '@ballast/contract';
import {
  makeAddress,
  makeBondStrategyInput,
  makeClientData,
  makeOwner,
  makeSuitability,
  makeTaxData,
  makeTokenStrategyInput,
} from '@ballast/contract/testing';
import type { Random } from '@ballast/engine';

const FIRST_NAMES = [
  'Eleanor',
  'James',
  'Sofia',
  'Marcus',
  'Amara',
  'Daniel',
  'Hannah',
  'Rafael',
  'Mei',
  'Thomas',
  'Isabel',
  'Kwame',
  'Lucia',
  'Samuel',
  'Naomi',
  'Arjun',
  'Claire',
  'Mateo',
  'Ingrid',
  'Victor',
];
const LAST_NAMES = [
  'Whitfield',
  'Okafor',
  'Lindqvist',
  'Moreno',
  'Tanaka',
  'Brennan',
  'Castellano',
  'Adeyemi',
  'Novak',
  'Harrington',
  'Desai',
  'Kowalski',
  'Fontaine',
  'Abernathy',
  'Nakamura',
  'Galloway',
  'Petrov',
  'Sullivan',
  'Ramírez',
  'Holloway',
];
const PLACES = [
  { city: 'Albany', state: 'NY', zip: '12207' },
  { city: 'Pasadena', state: 'CA', zip: '91101' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Naples', state: 'FL', zip: '34102' },
  { city: 'Evanston', state: 'IL', zip: '60201' },
  { city: 'Princeton', state: 'NJ', zip: '08540' },
  { city: 'Boulder', state: 'CO', zip: '80302' },
  { city: 'Wellesley', state: 'MA', zip: '02481' },
];
const STREETS = [
  'Maple Avenue',
  'Harbor Road',
  'Elm Street',
  'Ridge Lane',
  'Park Place',
  'Oak Drive',
];

export type GeneratedClient = {
  clientData: ClientDataInput;
  residency: string;
  suitability: Suitability;
};

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => String(random.int(0, 9))).join('');

export function generateClient(random: Random): GeneratedClient {
  const place = random.pick(PLACES);
  const address = makeAddress({
    address: `${random.int(10, 9800)} ${random.pick(STREETS)}`,
    city: place.city,
    state: place.state,
    zip_code: place.zip,
  });
  const lastName = random.pick(LAST_NAMES);
  const owner = (role: 'PRIMARY_OWNER' | 'JOINT_OWNER') => {
    const firstName = random.pick(FIRST_NAMES);
    return makeOwner({
      role,
      first_name: firstName,
      last_name: lastName,
      personal_address: address,
      mailing_address: address,
      taxid: `${digits(random, 3)}-${digits(random, 2)}-${digits(random, 4)}`,
      DOB: `${random.int(1938, 1985)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      email: `${firstName}.${lastName}@example.com`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
      home_phone: `${random.int(2, 9)}${digits(random, 9)}`,
    });
  };
  const joint = random.chance(0.35);
  return {
    clientData: makeClientData({
      account_type: joint ? 'J' : random.pick(['I', 'T', 'R'] as const),
      owners: joint ? [owner('PRIMARY_OWNER'), owner('JOINT_OWNER')] : [owner('PRIMARY_OWNER')],
    }),
    residency: place.state,
    suitability: makeSuitability({
      investment_amount: random.int(7, 60) * 50_000,
      percent_net_worth: random.int(5, 40),
      risk: random.pick(['LOW', 'MODERATE', 'HIGH'] as const),
      objective: random.pick(['INCOME', 'GROWTH', 'CAPITAL_PRESERVATION'] as const),
    }),
  };
}

const PLACEMENTS = [
  { placement: 'Short', min: 2, max: 3 },
  { placement: 'Intermediate', min: 3.5, max: 6.5 },
  { placement: 'Long', min: 7, max: 12 },
] as const;

export function generateStrategy(
  random: Random,
  kind: 'bond' | 'token',
  residency: string,
  initialInvestment: number,
): StrategyInput {
  const taxData = makeTaxData({
    initial_investment_amount: initialInvestment,
    tax_rate: random.pick([24, 32, 35, 37] as const),
    tax_residency: residency as ReturnType<typeof makeTaxData>['tax_residency'],
    net_investment_income_tax: random.chance(0.6),
  });
  if (kind === 'bond') {
    const bond = makeBondStrategyInput({
      factors: {
        duration: random.pick(PLACEMENTS),
        credit: {
          credit_universe: random.pick(['AA-', 'A+', 'A', 'A-', 'BBB+'] as const),
          max_aa_pct: 100,
          max_a_pct: random.int(20, 60),
          max_bbb_pct: random.int(0, 20),
        },
        liquidity: {
          target: random.pick(['H', 'P', 'U'] as const),
          min: random.int(20, 60),
          max: 100,
        },
      },
    });
    return { ...bond, tax_data: taxData };
  }
  const style = random.pick(['D', 'A', 'F'] as const);
  const base = makeTokenStrategyInput();
  const strategy: TokenStrategyInput['strategy'] = {
    ...base.strategy,
    assets: style === 'F' ? base.strategy.assets : [],
    token_universe: random.pick(['TOP_10', 'TOP_20', 'TOP_50']),
    calculation_methodology:
      style === 'F' ? 'FIXED' : random.pick(['MARKET_CAP', 'SQRT_MARKET_CAP']),
    recalculation_frequency: random.pick(['WEEKLY', 'MONTHLY', 'QUARTERLY']),
  };
  return { style, strategy, tax_data: taxData };
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export function generateCustodian(random: Random): CustodianInput {
  const chars = (count: number) =>
    Array.from({ length: count }, () => random.pick([...ALPHANUMERIC])).join('');
  return random.chance(0.55)
    ? { custodian_name: 'Fidelity', account_number: `${chars(3)}-${chars(6)}` }
    : { custodian_name: 'Schwab', account_number: `${chars(4)}-${chars(4)}` };
}
