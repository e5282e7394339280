import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { importMarket, type MarketFiles } from './csv-market.ts';
import { importMarketHistory } from './csv-market-history.ts';
import { marketHistory } from './market-history.ts';
import { marketHistoryOf } from './market-source.ts';

const day = parseIsoDate;

/**
 * A small firm's files. The curve is flat: 5 % from 2 January 2024, 3 % from 1 May 2025 (yields
 * fall), and 3 % on 1 August 2025, the last day. Between rows a day reads the row before it.
 *  - CALL: 5 % corporate, dated 2020-07-01, maturing 2030-07-01, callable at par every 1 July
 *    from 2024, priced 100.5 on the last day.
 *  - ODD: 6 % corporate dated 2024-03-16, maturing 2029-06-15: a short first coupon.
 *  - PAR: 4 % treasury dated 2022-08-01, maturing 2027-08-01, priced 100 on the last day, a
 *    coupon day, so its yield is its coupon, 4 %, and its spread 4 % − 3 % = 1 % (SPEC 3.9).
 */
const FILES: MarketFiles = {
  bonds: [
    'cusip,issuer,sector,class,state,coupon,dated,maturity,first_call,call_price,rating,liquidity,amt,price',
    'CALL00001,Callable Co,Industrials,corporate,,5,2020-07-01,2030-07-01,2024-07-01,100,AA,50,false,100.5',
    'ODD000001,Odd Co,Industrials,corporate,,6,2024-03-16,2029-06-15,,,A,50,false,101',
    'PAR000001,United States Treasury,Treasury,treasury,,4,2022-08-01,2027-08-01,,,AAA,95,false,100',
  ].join('\n'),
  treasuryCurve: [
    'date,0.25,0.5,1,2,3,5,7,10,20,30',
    '2024-01-02,5,5,5,5,5,5,5,5,5,5',
    '2025-05-01,3,3,3,3,3,3,3,3,3,3',
    '2025-08-01,3,3,3,3,3,3,3,3,3,3',
  ].join('\n'),
  tokens: [
    'symbol,name,consensus_mechanism,sector,staking_yield,supply',
    'BTC,Bitcoin,Proof of Work,Payments,0,19000000',
    'ETH,Ether,Proof of Stake,Layer 1,3,120000000',
  ].join('\n'),
  tokenPrices: [
    'date,symbol,price,volume',
    '2024-01-02,BTC,45000,1e10',
    '2024-01-02,ETH,2300,5e9',
    '2025-05-01,BTC,95000,2e10',
    '2025-05-01,ETH,1800,6e9',
    '2025-08-01,BTC,115000,3e10',
    '2025-08-01,ETH,3600,9e9',
  ].join('\n'),
  benchmarks: [
    'date,bond,token',
    '2024-01-02,100,100',
    '2025-05-01,104,180',
    '2025-08-01,105,230',
  ].join('\n'),
};

const history = importMarketHistory(FILES);
const CALL = history.bondIndex('CALL00001') as number;
const ODD = history.bondIndex('ODD000001') as number;
const PAR = history.bondIndex('PAR000001') as number;

/**
 * The same files with every call open to the rule from the first day (SPEC 3.13), as a market
 * that listed CALL before its call days would have it.
 */
const market = importMarket(FILES);
const listedEarly = marketHistory({
  version: 'listed-early',
  market,
  pricedOnLastDay: true,
  lastDay: day('2025-08-01'),
  listedOn: new Int32Array(market.bonds.count).fill(day('2024-01-02')),
});

/** An amount per 100 of face as the exact fraction the market gives. */
const per = (numerator: number, denominator = 1) => ({ numerator, denominator });

describe('a history from a firm’s files (SPEC 3.9, 3.10)', () => {
  it('covers the days the curve, closes and levels all cover, to the curve’s last', () => {
    expect(history.firstDay).toBe(day('2024-01-02'));
    expect(history.lastDay).toBe(day('2025-08-01'));
    expect(history.version).toBe(market.version);
    expect(history.market.version).not.toBe(market.version);
    expect(history.asOf(day('2025-08-01')).version).not.toBe(history.market.version);
    expect(() => history.on(day('2025-08-02'))).toThrow(RangeError);
    expect(() => history.on(day('2023-12-29'))).toThrow(RangeError);
  });

  it('reads each day’s closes, levels and bill yield, or the latest before the day', () => {
    const june = history.on(day('2025-06-15'));
    expect(june.tokenPrice(history.tokenIndex('BTC') as number)).toBe(95_000);
    expect(june.benchmark('token')).toBe(180);
    expect(june.benchmark('bond')).toBe(104);
    expect(june.billYield).toBeCloseTo(0.03, 12);
    const last = history.on(day('2025-08-01'));
    expect(last.tokenPrice(history.tokenIndex('ETH') as number)).toBe(3_600);
    expect(history.tokenIndex('DOGE')).toBeUndefined();
  });

  it('prices a bond each day off that day’s curve and the spread of the file’s price', () => {
    // The last day's mark is the file's price.
    expect(history.on(day('2025-08-01')).bond(PAR)?.price).toBeCloseTo(100, 9);
    expect(history.on(day('2025-08-01')).bond(PAR)?.ytw).toBeCloseTo(0.04, 9);
    // 1 August 2024, a coupon day three years (6 periods) before maturity, on the 5 % curve:
    // yield 5 % + 1 % = 6 %, 3 % a period. v = 1.03^−6 = 0.8374843; price
    // 2 × (1 − v) / 0.03 + 100 v = 10.834383 + 83.748426 = 94.582809, nothing accrued.
    const mark = history.on(day('2024-08-01')).bond(PAR);
    expect(mark?.ytw).toBeCloseTo(0.06, 9);
    expect(mark?.price).toBeCloseTo(94.582809, 5);
    expect(mark?.accrued).toBeCloseTo(0, 12);
    // 1 October 2024: 60 days (30/360) of 4 % accrued, 4 × 60 / 360 = 0.666667 per 100.
    expect(history.on(day('2024-10-01')).bond(PAR)?.accrued).toBeCloseTo(0.666667, 6);
  });

  it('has no mark for a bond before its dated date', () => {
    expect(history.on(day('2024-03-15')).bond(ODD)).toBeUndefined();
    expect(history.on(day('2024-03-16')).bond(ODD)).toBeDefined();
  });

  it('builds on a day only from the bonds issued by then, priced that day', () => {
    const before = history.asOf(day('2024-02-01'));
    expect(before.bonds.cusip).toEqual(['CALL00001', 'PAR000001']);
    expect(before.asOf).toBe(day('2024-02-01'));
    expect(before.bonds.price[1]).toBeCloseTo(
      history.on(day('2024-02-01')).bond(PAR)?.price ?? 0,
      12,
    );
    expect(Array.from(before.curveDays)).toEqual([day('2024-01-02')]);
    expect(Array.from(before.tokens.days)).toEqual([day('2024-01-02')]);
    expect(before.treasuryCurve(day('2025-08-01'))(1)).toBeCloseTo(0.05, 12);
  });

  it('keeps a matured bond whose price is left empty, to pay its maturity', () => {
    // GONE: 4 % treasury dated 2023-02-01, matured 2025-02-01, on the file without a price.
    const gone =
      'GONE00001,United States Treasury,Treasury,treasury,,4,2023-02-01,2025-02-01,,,AAA,95,false,';
    const files = { ...FILES, bonds: `${FILES.bonds}\n${gone}` };
    const kept = importMarketHistory(files);
    const index = kept.bondIndex('GONE00001') as number;
    expect(kept.cashEvents(index, day('2025-01-01'), day('2025-03-01'))).toEqual([
      { kind: 'COUPON', day: day('2025-02-01'), perHundred: per(2) },
      { kind: 'MATURITY', day: day('2025-02-01'), perHundred: per(100) },
    ]);
    // No spread can be read without a price, so no day has a mark.
    expect(kept.on(day('2025-01-15')).bond(index)).toBeUndefined();
    expect(kept.asOf(day('2025-01-15')).bonds.cusip).not.toContain('GONE00001');
    // Simulations leave it out; with a price it is still an error.
    expect(importMarket(files).bonds.cusip).not.toContain('GONE00001');
    expect(() => importMarket({ ...files, bonds: `${files.bonds}99` })).toThrow(
      /^bonds\.csv:5: maturity is not after the curve's last day/,
    );
  });

  it('leaves the bonds on the file uncalled before its last day, where it lists them', () => {
    const events = history.cashEvents(CALL, day('2024-01-01'), day('2025-08-01'));
    expect(events.map((event) => event.kind)).toEqual(['COUPON', 'COUPON', 'COUPON']);
    expect(history.on(day('2025-08-01')).bond(CALL)?.price).toBeCloseTo(100.5, 9);
  });
});

describe('coupons, maturity and calls (SPEC 3.13, 3.14)', () => {
  it('pays a year’s coupons that add up to the coupon rate × 100 per 100 of face', () => {
    // CALL pays 5 / 2 = 2.5 on 1 July 2024 and on 1 January 2025: 5.0, its 5 % of 100.
    const events = history.cashEvents(CALL, day('2024-01-01'), day('2025-01-01'));
    expect(events).toEqual([
      { kind: 'COUPON', day: day('2024-07-01'), perHundred: per(5, 2) },
      { kind: 'COUPON', day: day('2025-01-01'), perHundred: per(5, 2) },
    ]);
    expect(
      events.reduce(
        (sum, { perHundred }) => sum + perHundred.numerator / perHundred.denominator,
        0,
      ),
    ).toBe(5);
  });

  it('pays a short first coupon for the days since the dated date', () => {
    // ODD accrues from 16 March 2024 to 15 June 2024: 30/360 counts 14 + 30 + 30 + 15 = 89
    // days, 6 × 89 / 360 = 89 / 60 = 1.483333; then 6 / 2 = 3 each half-year.
    const events = history.cashEvents(ODD, day('2024-01-01'), day('2025-01-01'));
    expect(events.map((event) => event.day)).toEqual([day('2024-06-15'), day('2024-12-15')]);
    expect(events[0]?.perHundred).toEqual(per(89, 60));
    expect(events[1]?.perHundred).toEqual(per(3));
  });

  it('pays the last coupon and par at maturity, after the last day the files cover', () => {
    expect(history.cashEvents(PAR, day('2027-07-01'), day('2027-08-01'))).toEqual([
      { kind: 'COUPON', day: day('2027-08-01'), perHundred: per(2) },
      { kind: 'MATURITY', day: day('2027-08-01'), perHundred: per(100) },
    ]);
    expect(history.cashEvents(PAR, day('2027-08-01'), day('2028-08-01'))).toEqual([]);
  });

  it('calls a bond whose yield has fallen below its coupon, on the call day after notice', () => {
    // CALL's yield to worst on the last day at 100.5 is to its 2026 call, 11 months away:
    // about 5 % less the premium over the months, 0.5 / 0.92 = 0.54 %, so 4.45 %; to maturity
    // it is about 4.9 %. Its spread is then near 4.45 % − 3 % = 1.45 % (anything from 1.2 %
    // to 1.7 % gives the same calls below).
    // Notice day of the 2024 call, 1 June 2024, on the 5 % curve: yield about 6.45 %, and a
    // 5 % bond with six years to run is priced near 100 − 1.45 × 5.1 ≈ 92.6: below par, so
    // it is not called. Notice day of the 2025 call, 1 June 2025, on the 3 % curve: about
    // 4.45 %, priced near 100 + 0.55 × 4.4 ≈ 102.4, above par: called on 1 July 2025.
    const events = listedEarly.cashEvents(CALL, day('2024-01-01'), day('2025-08-01'));
    expect(events).toEqual([
      { kind: 'COUPON', day: day('2024-07-01'), perHundred: per(5, 2) },
      { kind: 'COUPON', day: day('2025-01-01'), perHundred: per(5, 2) },
      { kind: 'COUPON', day: day('2025-07-01'), perHundred: per(5, 2) },
      { kind: 'CALL', day: day('2025-07-01'), perHundred: per(100) },
    ]);
  });

  it('prices an announced call to its day, and has no mark once the bond is redeemed', () => {
    const announced = listedEarly.on(day('2025-06-16')).bond(CALL);
    expect(announced).toBeDefined();
    // One flow remains, on 1 July, 15 days (30/360) away: a Macaulay duration of 15 / 360
    // years, and a modified one a little less, for a yield of a few percent.
    expect(announced?.duration).toBeLessThan(15 / 360);
    expect(announced?.duration).toBeGreaterThan(15 / 360 / 1.05);
    expect(listedEarly.on(day('2025-06-30')).bond(CALL)).toBeDefined();
    expect(listedEarly.on(day('2025-07-01')).bond(CALL)).toBeUndefined();
    expect(listedEarly.on(day('2025-08-01')).bond(CALL)).toBeUndefined();
    expect(listedEarly.asOf(day('2025-07-01')).bonds.cusip).not.toContain('CALL00001');
  });
});

describe('the history of a market source', () => {
  it('carries the bundled market to the day asked, and reads files to their last day', () => {
    const bondCounts = { municipal: 300, corporate: 100, treasury: 30 };
    const generated = marketHistoryOf(
      { kind: 'generated', options: { bondCounts } },
      day('2026-11-26'),
    );
    expect(generated.lastDay).toBe(day('2026-11-26'));
    expect(generated.on(day('2026-11-26')).day).toBe(day('2026-11-26'));
    const files = marketHistoryOf({ kind: 'files', files: FILES }, day('2026-11-26'));
    expect(files.lastDay).toBe(day('2025-08-01'));
    expect(files.version).toBe(history.version);
  });
});
