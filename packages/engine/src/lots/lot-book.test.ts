import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { seededRandom } from '../market/random.ts';
import { isLongTerm, type Lot, LotBook } from './lot-book.ts';

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

describe('fees in basis and proceeds (SPEC 11.1, 11.5)', () => {
  it('harvests on the loss after the sale’s fee and buys back at the price plus the fee', () => {
    const lots = new LotBook();
    // 100 units at $40 plus a 0.1 % fee: a basis of 100 × 40 × 1.001 = 4,004.
    lots.buy(100, 40 * 1.001, day('2026-02-01'));
    // At $30 a sale brings 100 × 30 × 0.999 = 2,997: a loss of 4,004 − 2,997 = 1,007, past
    // 10 % of 4,004 (400.40) and $100. Bought back at 100 × 30 × 1.001 = 3,003.
    const realised = lots.harvestLosses(30, day('2026-06-01'), 0.1, 100, 0.001);
    expect(realised).toHaveLength(1);
    expect(realised[0]?.proceeds).toBeCloseTo(2_997, 9);
    expect(realised[0]?.cost).toBeCloseTo(4_004, 9);
    expect(lots.lots[0]?.cost).toBeCloseTo(3_003, 9);
    // At $27.10 the new lot would bring 100 × 27.10 × 0.999 = 2,707.29, a loss of 295.71:
    // under 10 % of 3,003 (300.30), so it is kept.
    expect(lots.harvestLosses(27.1, day('2026-06-02'), 0.1, 100, 0.001)).toEqual([]);
    // At $27 it brings 2,697.30, a loss of 305.70: harvested.
    const next = lots.harvestLosses(27, day('2026-06-03'), 0.1, 100, 0.001);
    expect(next[0]?.cost).toBeCloseTo(3_003, 9);
    expect(next[0]?.proceeds).toBeCloseTo(2_697.3, 9);
  });

  it('harvests the same lots whether or not a sale or a purchase changed the book since', () => {
    // The book keeps a price above which nothing is harvested; a sale or a purchase in between
    // must not hide a lot that has reached the threshold (20 % and $100 here).
    const lots = book();
    // At $38 the $40 lot has lost 200, 5 %: nothing.
    expect(lots.harvestLosses(38, day('2026-06-01'), 0.2, 100)).toEqual([]);
    // HIFO sells the $40 lot and 50 units of the $35 lot: left 100 at $20 and 50 at $35 (1,750).
    lots.sell(150, 38, day('2026-06-01'), 'HIFO');
    // At $30 the $35 lot would bring 1,500: a loss of 250, 14.3 %; at $27, 1,350: a loss of 400,
    // 22.9 %, harvested.
    expect(lots.harvestLosses(30, day('2026-06-02'), 0.2, 100)).toEqual([]);
    const harvested = lots.harvestLosses(27, day('2026-06-03'), 0.2, 100);
    expect(harvested.map((piece) => [piece.quantity, piece.cost])).toEqual([[50, 1_750]]);
    // A lot of 10 at $60 (600) at $45 would bring 450: a loss of 150, 25 %, harvested.
    lots.buy(10, 60, day('2026-06-04'));
    const bought = lots.harvestLosses(45, day('2026-06-05'), 0.2, 100);
    expect(bought.map((piece) => [piece.quantity, piece.cost])).toEqual([[10, 600]]);
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

/**
 * SPEC 4.2 read literally: every sale sorts every lot. The book keeps its lots in order between
 * sales instead; both must relieve the same lots.
 */
type Piece = { quantity: number; cost: number; long: boolean };

/**
 * Pieces in order with neighbours of the same cost per unit and term merged: lots bought the
 * same day at the same cost are interchangeable, and SPEC 4.2 does not say which goes first.
 */
function merged(pieces: readonly Piece[]): [number, number, boolean][] {
  const out: [number, number, boolean][] = [];
  for (const piece of pieces) {
    const unit = Math.round((piece.cost / piece.quantity) * 1e6) / 1e6;
    const last = out.at(-1);
    if (last && last[1] === unit && last[2] === piece.long) last[0] += piece.quantity;
    else out.push([piece.quantity, unit, piece.long]);
  }
  return out;
}

function sortedForSale(lots: readonly Lot[], method: string, price: number, today: number) {
  const unit = (lot: Lot) => lot.cost / lot.quantity;
  const rank = (lot: Lot) => {
    const long = isLongTerm(lot.acquired, today);
    if (price - unit(lot) < 0) return long ? 1 : 0;
    return long ? 2 : 3;
  };
  const indexed = lots.map((lot, i) => ({ lot, i }));
  return indexed.sort((a, b) => {
    switch (method) {
      case 'FIFO':
        return a.lot.acquired - b.lot.acquired || a.i - b.i;
      case 'LIFO':
        return b.lot.acquired - a.lot.acquired || b.i - a.i;
      case 'HIFO':
        return unit(b.lot) - unit(a.lot) || a.lot.acquired - b.lot.acquired || a.i - b.i;
      default:
        return (
          rank(a.lot) - rank(b.lot) ||
          unit(b.lot) - unit(a.lot) ||
          a.lot.acquired - b.lot.acquired ||
          a.i - b.i
        );
    }
  });
}

describe('a book kept in order relieves what sorting each sale would (property, SPEC 4.2)', () => {
  it('across random buys, sales and harvests under every method', () => {
    const random = seededRandom(11);
    for (const method of ['FIFO', 'LIFO', 'HIFO', 'COST'] as const) {
      const lots = new LotBook();
      // The reference: lots in the order they were bought, each sale sorting them afresh.
      let reference: Lot[] = [];
      for (let step = 0; step < 600; step++) {
        // Whole-cent prices and whole units, so equal costs per unit are equal exactly.
        const price = 1 + Math.round(random.next() * 50);
        const today = day('2023-12-01') + step;
        const choice = random.next();
        if (choice < 0.55) {
          const quantity = 1 + Math.floor(random.next() * 10);
          lots.buy(quantity, price, today);
          reference.push({ quantity, cost: quantity * price, acquired: today });
        } else if (choice < 0.9) {
          const quantity = Math.floor(random.next() * 25);
          const sold = lots.sell(quantity, price, today, method);
          let left = Math.min(
            quantity,
            reference.reduce((sum, lot) => sum + lot.quantity, 0),
          );
          const expected: Piece[] = [];
          for (const { lot } of sortedForSale(reference, method, price, today)) {
            if (left <= 0) break;
            const taken = Math.min(lot.quantity, left);
            const cost = (lot.cost * taken) / lot.quantity;
            expected.push({ quantity: taken, cost, long: isLongTerm(lot.acquired, today) });
            lot.quantity -= taken;
            lot.cost -= cost;
            left -= taken;
          }
          reference = reference.filter((lot) => lot.quantity > 1e-12);
          expect(merged(sold)).toEqual(merged(expected));
        } else {
          // No dollar minimum: it would tell apart interchangeable lots of different sizes.
          lots.harvestLosses(price, today, 0.1, 0);
          for (const lot of reference) {
            const loss = lot.cost - lot.quantity * price;
            if (loss < 0.1 * lot.cost) continue;
            lot.cost = lot.quantity * price;
            lot.acquired = today;
          }
        }
      }
    }
  });
});
