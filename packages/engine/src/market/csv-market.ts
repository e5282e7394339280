import { createHash } from 'node:crypto';
import { CREDIT_UNIVERSE } from '@ballast/contract';
import { cashFlows } from '../bonds/cash-flows.ts';
import { riskMeasures } from '../bonds/risk.ts';
import { yieldToWorst } from '../bonds/yield.ts';
import { type EpochDay, formatIsoDate, parseIsoDate } from '../dates.ts';
import type { PricedMark } from './bond-redemption.ts';
import { setPriceColumns } from './bond-universe.ts';
import { type CsvRecord, fieldReader, MarketDataError, parseCsv } from './csv.ts';
import {
  allocateBondUniverse,
  BOND_CLASSES,
  type BondClass,
  type BondUniverse,
  type MarketData,
  type PriceSeries,
  type Token,
  type YieldCurve,
} from './market-data.ts';
import {
  type CallableTerms,
  candidateCalls,
  referenceYield,
  yearsBetween,
} from './price-to-worst.ts';
import { curveOn } from './treasury-curve.ts';

/** The files of a market, as text (MARKET-DATA.md documents their columns). */
export type MarketFiles = {
  bonds: string;
  treasuryCurve: string;
  tokens: string;
  tokenPrices: string;
  benchmarks: string;
};

/** Names imported files by their content, so other files are another market. */
export function filesVersion(files: MarketFiles): string {
  return `csv:${createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16)}`;
}

const TENORS = ['0.25', '0.5', '1', '2', '3', '5', '7', '10', '20', '30'] as const;

/**
 * A market from a vendor's files in the shape of the bundled one (SPEC 3.9): bonds priced by
 * the vendor, with yield to worst, duration and convexity computed here as for generated bonds;
 * the treasury curve by tenor; tokens with daily closes; benchmark levels. The market's date is
 * the curve's last day. Any bad value fails with the file, line and column that hold it.
 */
export function importMarket(
  files: MarketFiles,
  options: { keepRedeemed?: boolean } = {},
): MarketData {
  const curve = readCurve(files.treasuryCurve);
  const asOf = curve.days[curve.days.length - 1] as EpochDay;
  const treasuryCurve = (day: EpochDay) => curveOn(curve.days, curve.curves, day);
  const tokens = readTokens(files.tokens, files.tokenPrices);
  const benchmarks = readBenchmarks(files.benchmarks);
  return {
    version: filesVersion(files),
    asOf,
    bonds: readBonds(files.bonds, asOf, treasuryCurve(asOf), options.keepRedeemed ?? false),
    curveDays: curve.days,
    treasuryCurve,
    tokens,
    benchmarks,
  };
}

/** A curve through the tenors' yields, straight between them and flat beyond the ends. */
function interpolated(years: readonly number[], yields: readonly number[]): YieldCurve {
  return (maturity) => {
    if (maturity <= (years[0] as number)) return yields[0] as number;
    for (let i = 1; i < years.length; i++) {
      const upper = years[i] as number;
      if (maturity <= upper) {
        const lower = years[i - 1] as number;
        const share = (maturity - lower) / (upper - lower);
        return (
          (yields[i - 1] as number) + share * ((yields[i] as number) - (yields[i - 1] as number))
        );
      }
    }
    return yields[yields.length - 1] as number;
  };
}

function readCurve(text: string) {
  const file = 'treasury_curve.csv';
  const records = parseCsv(text, file, ['date', ...TENORS]);
  const rows = records.map((record) => {
    const field = fieldReader(file, record);
    const day = dateOf(field.text('date'), field.fail, 'date');
    const yields = TENORS.map((tenor) => field.number(tenor, { min: -5, max: 50 }) / 100);
    return { day, curve: interpolated(TENORS.map(Number), yields), line: record.line };
  });
  rows.sort((a, b) => a.day - b.day);
  for (let i = 1; i < rows.length; i++) {
    if ((rows[i] as { day: number }).day === (rows[i - 1] as { day: number }).day) {
      throw new MarketDataError(`${file}:${rows[i]?.line}: date appears twice.`);
    }
  }
  if (rows.length === 0) throw new MarketDataError(`${file}: there is no curve.`);
  return {
    days: Int32Array.from(rows, (row) => row.day),
    curves: rows.map((row) => row.curve),
  };
}

function dateOf(text: string, fail: (column: string, what: string) => never, column: string) {
  try {
    return parseIsoDate(text);
  } catch {
    return fail(column, `is not a date YYYY-MM-DD ("${text}")`);
  }
}

/**
 * A bond maturing by the last day may stay, its price empty, so a history still pays its
 * maturity (SPEC 3.10): with `keepRedeemed` it is kept without price, yield or spread, else
 * left out.
 */
function readBonds(
  text: string,
  asOf: EpochDay,
  curve: YieldCurve,
  keepRedeemed: boolean,
): BondUniverse {
  const file = 'bonds.csv';
  const columns = [
    'cusip',
    'issuer',
    'sector',
    'class',
    'state',
    'coupon',
    'dated',
    'maturity',
    'first_call',
    'call_price',
    'rating',
    'liquidity',
    'amt',
    'price',
  ];
  const records = parseCsv(text, file, columns).filter(
    (record) => keepRedeemed || !isRedeemedRow(record, asOf),
  );
  const strings = {
    cusip: records.map(() => ''),
    issuer: records.map(() => ''),
    sector: records.map(() => ''),
    state: records.map(() => ''),
  };
  const universe = allocateBondUniverse(strings);
  records.forEach((record, i) => {
    const field = fieldReader(file, record);
    const bondClass = field.text('class') as BondClass;
    const kind = BOND_CLASSES.indexOf(bondClass);
    if (kind < 0) field.fail('class', `is "${bondClass}", not one of ${BOND_CLASSES.join(', ')}`);
    const rating = CREDIT_UNIVERSE.indexOf(
      field.text('rating') as (typeof CREDIT_UNIVERSE)[number],
    );
    if (rating < 0) field.fail('rating', `is not one of ${CREDIT_UNIVERSE.join(', ')}`);
    const coupon = field.number('coupon', { min: 0, max: 25 }) / 100;
    const dated = dateOf(field.text('dated'), field.fail, 'dated');
    const maturity = dateOf(field.text('maturity'), field.fail, 'maturity');
    const redeemed = isRedeemedRow(record, asOf);
    if (maturity <= asOf && !redeemed) field.fail('maturity', "is not after the curve's last day");
    const firstCallText = record.get('first_call');
    const firstCall = firstCallText === '' ? -1 : dateOf(firstCallText, field.fail, 'first_call');
    const callPrice =
      record.get('call_price') === '' ? 100 : field.number('call_price', { min: 50, max: 150 });
    const priced = redeemed
      ? undefined
      : priceColumns(
          { coupon, dated, maturity, firstCall, callPrice, bondClass },
          asOf,
          field.number('price', { min: 1, max: 300 }),
          curve,
        );
    strings.cusip[i] = field.text('cusip');
    strings.issuer[i] = field.text('issuer');
    strings.sector[i] = field.text('sector');
    strings.state[i] = bondClass === 'municipal' ? field.text('state') : '';
    universe.bondClass[i] = kind;
    universe.coupon[i] = coupon;
    universe.dated[i] = dated;
    universe.maturity[i] = maturity;
    universe.firstCall[i] = firstCall;
    universe.callPrice[i] = callPrice;
    universe.rating[i] = rating;
    universe.liquidity[i] = field.number('liquidity', { min: 1, max: 100 });
    universe.amt[i] = /^(true|1|yes)$/i.test(record.get('amt')) ? 1 : 0;
    setPriceColumns(universe, i, priced);
    universe.spread[i] = priced?.spread ?? Number.NaN;
  });
  return universe;
}

/** A row of a bond matured by the last day and kept without a price. */
function isRedeemedRow(record: CsvRecord, asOf: EpochDay): boolean {
  if (record.get('price') !== '') return false;
  try {
    return parseIsoDate(record.get('maturity')) <= asOf;
  } catch {
    // A bad date is reported with its line when the row is read.
    return false;
  }
}

/** A bond's columns from the vendor's clean price on the last day (SPEC 3.9). */
function priceColumns(
  bond: CallableTerms & { callPrice: number; bondClass: BondClass },
  asOf: EpochDay,
  price: number,
  curve: YieldCurve,
): PricedMark & { spread: number } {
  const calls = candidateCalls(bond, asOf);
  const terms = { couponRate: bond.coupon, maturity: bond.maturity, dated: bond.dated, calls };
  const worst = yieldToWorst(terms, asOf, price);
  const risk = riskMeasures(worst.flows, worst.yield);
  return {
    price,
    ytw: worst.yield,
    duration: risk.modified,
    convexity: risk.convexity,
    worstDay: worst.redemption.day,
    accrued: cashFlows(terms, asOf).accrued,
    // Against remaining maturity, as every market defines it (SPEC 3.4).
    spread: worst.yield - referenceYield(bond.bondClass, curve, yearsBetween(asOf, bond.maturity)),
  };
}

function readTokens(tokensText: string, pricesText: string) {
  const tokens: Token[] = parseCsv(tokensText, 'tokens.csv', [
    'symbol',
    'name',
    'consensus_mechanism',
    'sector',
    'staking_yield',
    'supply',
  ]).map((record) => {
    const field = fieldReader('tokens.csv', record);
    return {
      symbol: field.text('symbol'),
      name: field.text('name'),
      consensusMechanism: field.text('consensus_mechanism'),
      sector: field.text('sector'),
      stakingYield: field.number('staking_yield', { min: 0, max: 100 }) / 100,
      supply: field.number('supply', { min: 0, max: Number.MAX_VALUE }),
    };
  });
  const index = new Map(tokens.map((token, i) => [token.symbol, i]));
  const file = 'token_prices.csv';
  const rows = parseCsv(pricesText, file, ['date', 'symbol', 'price', 'volume']).map((record) => {
    const field = fieldReader(file, record);
    const token = index.get(field.text('symbol'));
    if (token === undefined) field.fail('symbol', 'is not in tokens.csv');
    return {
      day: dateOf(field.text('date'), field.fail, 'date'),
      token: token as number,
      price: field.number('price', { min: Number.MIN_VALUE, max: Number.MAX_VALUE }),
      volume: field.number('volume', { min: 0, max: Number.MAX_VALUE }),
      line: record.line,
    };
  });
  const days = Int32Array.from(new Set(rows.map((row) => row.day))).sort();
  const position = new Map(Array.from(days, (day, i) => [day, i]));
  const prices = tokens.map(() => new Float64Array(days.length).fill(Number.NaN));
  const volumes = tokens.map(() => new Float64Array(days.length));
  for (const row of rows) {
    const at = position.get(row.day) as number;
    (prices[row.token] as Float64Array)[at] = row.price;
    (volumes[row.token] as Float64Array)[at] = row.volume;
  }
  tokens.forEach((token, i) => {
    const gap = (prices[i] as Float64Array).findIndex(Number.isNaN);
    if (gap >= 0) {
      throw new MarketDataError(
        `${file}: ${token.symbol} has no price on the ${gap + 1}th day of the file.`,
      );
    }
  });
  return { tokens, days, prices, volumes };
}

function readBenchmarks(text: string): { bond: PriceSeries; token: PriceSeries } {
  const file = 'benchmarks.csv';
  const rows = parseCsv(text, file, ['date', 'bond', 'token'])
    .map((record) => {
      const field = fieldReader(file, record);
      return {
        day: dateOf(field.text('date'), field.fail, 'date'),
        bond:
          record.get('bond') === ''
            ? undefined
            : field.number('bond', { min: Number.MIN_VALUE, max: Number.MAX_VALUE }),
        token:
          record.get('token') === ''
            ? undefined
            : field.number('token', { min: Number.MIN_VALUE, max: Number.MAX_VALUE }),
      };
    })
    .sort((a, b) => a.day - b.day);
  const series = (pick: (row: (typeof rows)[number]) => number | undefined): PriceSeries => {
    const kept = rows.filter((row) => pick(row) !== undefined);
    if (kept.length === 0) throw new MarketDataError(`${file}: a benchmark has no levels.`);
    return {
      days: Int32Array.from(kept, (row) => row.day),
      values: Float64Array.from(kept, (row) => pick(row) as number),
    };
  };
  return { bond: series((row) => row.bond), token: series((row) => row.token) };
}

/**
 * A market written out in the documented columns (MARKET-DATA.md): the bundled market as a
 * template for a vendor's files, and what `importMarket` reads back.
 */
export function exportMarket(market: MarketData): MarketFiles {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const { bonds, tokens, benchmarks } = market;
  const bondRows = Array.from({ length: bonds.count }, (_, i) =>
    [
      bonds.cusip[i],
      quote(bonds.issuer[i] ?? ''),
      quote(bonds.sector[i] ?? ''),
      BOND_CLASSES[bonds.bondClass[i] as number],
      bonds.state[i],
      (bonds.coupon[i] as number) * 100,
      formatIsoDate(bonds.dated[i] as number),
      formatIsoDate(bonds.maturity[i] as number),
      (bonds.firstCall[i] as number) < 0 ? '' : formatIsoDate(bonds.firstCall[i] as number),
      bonds.callPrice[i],
      CREDIT_UNIVERSE[bonds.rating[i] as number],
      bonds.liquidity[i],
      bonds.amt[i] === 1 ? 'true' : 'false',
      bonds.price[i],
    ].join(','),
  );
  const curveRows = Array.from(market.curveDays, (day) => {
    const curve = market.treasuryCurve(day);
    return [formatIsoDate(day), ...TENORS.map((tenor) => curve(Number(tenor)) * 100)].join(',');
  });
  const priceRows = tokens.tokens.flatMap((token, t) =>
    Array.from(
      tokens.days,
      (day, d) =>
        `${formatIsoDate(day)},${token.symbol},${tokens.prices[t]?.[d]},${tokens.volumes[t]?.[d]}`,
    ),
  );
  const benchmarkRows = [
    ...Array.from(
      benchmarks.bond.days,
      (day, i) => `${formatIsoDate(day)},${benchmarks.bond.values[i]},`,
    ),
    ...Array.from(
      benchmarks.token.days,
      (day, i) => `${formatIsoDate(day)},,${benchmarks.token.values[i]}`,
    ),
  ];
  return {
    bonds: [
      'cusip,issuer,sector,class,state,coupon,dated,maturity,first_call,call_price,rating,liquidity,amt,price',
      ...bondRows,
    ].join('\n'),
    treasuryCurve: [`date,${TENORS.join(',')}`, ...curveRows].join('\n'),
    tokens: [
      'symbol,name,consensus_mechanism,sector,staking_yield,supply',
      ...tokens.tokens.map((token) =>
        [
          token.symbol,
          quote(token.name),
          token.consensusMechanism,
          token.sector,
          token.stakingYield * 100,
          token.supply,
        ].join(','),
      ),
    ].join('\r\n'),
    tokenPrices: ['date,symbol,price,volume', ...priceRows].join('\n'),
    benchmarks: ['date,bond,token', ...benchmarkRows].join('\n'),
  };
}
