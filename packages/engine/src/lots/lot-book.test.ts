import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { seededRandom } from '../market/random.ts';
import { isLongTerm, LotBook } from './lot-book.ts';

const day = parseIsoDate;

/** Three purchases of one token, then a sale of 150 units at $30 on 2026-06-01. */
function book() {
  const lots = new LotBook();
  lots.buy(100, 20, day('2024-01-10')); // long-term gain of $10 a unit
  lots.buy(100, 40, day('2025-03-01')); // long-term loss of $10 a unit
  lots.buy(100, 35, day('2026-02-01')); // short-term loss of $5 a unit
  return lots;
}

describe('holding period (SPEC 4.3)', () => {
  it('is long-term only after the same date a year on', () => {
    expect(isLongTerm(day('2025-06-01'), day('2026-06-01'))).toBe(false);
    expect(isLongTerm(day('2025-06-01'), day('2026-06-02'))).toBe(true);
    // IRS Publication 550, "Holding Period": a lot bought on 29 February counts from that day.
    expect(isLongTerm(day('2024-02-29'), day('2025-02-28'))).toBe(false);
    expect(isLongTerm(day('2024-02-29'), day('2025-03-01'))).toBe(true);
  });
});

describe('relieving lots (SPEC 4.2)', () => {
  const gains = (method: 'FIFO' | 'LIFO' | 'HIFO' | 'COST') =>
    book()
      .sell(150, 30, day('2026-06-01'), method)
      .map((piece) => [piece.quantity, Math.round(piece.proceeds - piece.cost), piece.long]);

  it('sells the oldest first under FIFO', () => {
    expect(gains('FIFO')).toEqual([
      [100, 1_000, true],
      [50, -500, true],
    ]);
  });

  it('sells the newest first under LIFO', () => {
    expect(gains('LIFO')).toEqual([
      [100, -500, false],
      [50, -500, true],
    ]);
  });

  it('sells the dearest first under HIFO', () => {
    expect(gains('HIFO')).toEqual([
      [100, -1_000, true],
      [50, -250, false],
    ]);
  });

  it('realises short-term losses, then long-term losses, then gains under COST', () => {
    expect(gains('COST')).toEqual([
      [100, -500, false],
      [50, -500, true],
    ]);
  });

  it('stops at a gain a tax budget will not take (SPEC 4.4)', () => {
    const lots = book();
    const sold = lots.sell(300, 30, day('2026-06-01'), 'FIFO', (gain) => gain <= 500);
    expect(sold).toEqual([]);
    expect(lots.quantity).toBe(300);
  });

  it('refuses to sell more than it holds by selling what it has', () => {
    const lots = book();
    const sold = lots.sell(1_000, 30, day('2026-06-01'), 'FIFO');
    expect(sold.reduce((sum, piece) => sum + piece.quantity, 0)).toBe(300);
    expect(lots.quantity).toBe(0);
    expect(lots.lots).toEqual([]);
  });
});

describe('harvesting (SPEC 11.5)', () => {
  it('realises only losses past the threshold and restarts those lots at today’s price', () => {
    const lots = book();
    const realised = lots.harvestLosses(30, day('2026-06-01'), 0.2, 100);
    // The $40 lot lost 25 %; the $35 lot only 14 %; the $20 lot gained.
    expect(realised).toEqual([{ quantity: 100, proceeds: 3_000, cost: 4_000, long: true }]);
    expect(lots.lots.map((lot) => [lot.cost, lot.acquired])).toEqual([
      [2_000, day('2024-01-10')],
      [3_000, day('2026-06-01')],
      [3_500, day('2026-02-01')],
    ]);
  });
});

describe('lots conserve quantity and cost (property, SPEC 4.1)', () => {
  it('across random buys and sells under every method', () => {
    const random = seededRandom(5);
    for (const method of ['FIFO', 'LIFO', 'HIFO', 'COST'] as const) {
      const lots = new LotBook();
      let bought = 0;
      let boughtCost = 0;
      let soldQuantity = 0;
      let soldCost = 0;
      for (let step = 0; step < 300; step++) {
        const price = 1 + random.next() * 99;
        const today = day('2024-01-01') + step;
        if (random.chance(0.6)) {
          const quantity = random.next() * 10;
          lots.buy(quantity, price, today);
          bought += quantity;
          boughtCost += quantity * price;
        } else {
          for (const piece of lots.sell(random.next() * 15, price, today, method)) {
            soldQuantity += piece.quantity;
            soldCost += piece.cost;
            expect(piece.proceeds).toBeCloseTo(piece.quantity * price, 9);
          }
        }
        expect(lots.quantity + soldQuantity).toBeCloseTo(bought, 6);
        expect(lots.cost + soldCost).toBeCloseTo(boughtCost, 4);
      }
    }
  });
});
