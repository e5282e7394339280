import type { TaxAccountingMethod } from '@ballast/contract';
import { type EpochDay, fromCivil, toCivil } from '../dates.ts';

/** Quantity held at one cost from one day (SPEC 4.1). */
export type Lot = { quantity: number; cost: number; acquired: EpochDay };

/** What one sale realised from one lot. */
export type Realised = { quantity: number; proceeds: number; cost: number; long: boolean };

/**
 * Held more than a year (SPEC 4.3): sold after the same calendar date a year on, so a lot
 * bought on 29 February is long-term from 1 March of the next year.
 */
export function isLongTerm(acquired: EpochDay, sold: EpochDay): boolean {
  const { year, month, day } = toCivil(acquired);
  const anniversary =
    month === 2 && day === 29
      ? fromCivil({ year: year + 1, month: 3, day: 1 }) - 1
      : fromCivil({ year: year + 1, month, day });
  return sold > anniversary;
}

/**
 * The order lots are relieved in (SPEC 4.2): FIFO oldest first, LIFO newest first, HIFO
 * highest cost per unit first; COST minimises tax: short-term losses (largest loss per unit
 * first), then long-term losses, then long-term gains (smallest first), then short-term gains.
 * Ties fall to the older lot.
 */
export function reliefOrder(
  lots: readonly Lot[],
  method: TaxAccountingMethod,
  price: number,
  day: EpochDay,
): number[] {
  const indices = lots.map((_, i) => i);
  const unitCost = (i: number) => (lots[i] as Lot).cost / (lots[i] as Lot).quantity;
  const age = (i: number) => (lots[i] as Lot).acquired;
  switch (method) {
    case 'FIFO':
      return indices.sort((a, b) => age(a) - age(b) || a - b);
    case 'LIFO':
      return indices.sort((a, b) => age(b) - age(a) || b - a);
    case 'HIFO':
      return indices.sort((a, b) => unitCost(b) - unitCost(a) || age(a) - age(b));
    case 'COST': {
      const rank = (i: number) => {
        const gain = price - unitCost(i);
        const long = isLongTerm(age(i), day);
        if (gain < 0) return long ? 1 : 0;
        return long ? 2 : 3;
      };
      return indices.sort((a, b) => {
        const byRank = rank(a) - rank(b);
        if (byRank !== 0) return byRank;
        // Losses: largest loss per unit first; gains: smallest gain per unit first.
        const byGain = price - unitCost(a) - (price - unitCost(b));
        return byGain || age(a) - age(b);
      });
    }
  }
}

/**
 * One instrument's lots. Quantities and amounts are doubles: a backtest is a simulation, and
 * what it reports is rounded to cents (SPEC 1.3); quantity and cost are conserved exactly up
 * to floating-point rounding, and a lot emptied by a sale is removed.
 */
export class LotBook {
  lots: Lot[] = [];
  /** The lots' total, kept as they change: a backtest asks for it every day. */
  quantity = 0;

  get cost(): number {
    return this.lots.reduce((sum, lot) => sum + lot.cost, 0);
  }

  buy(quantity: number, price: number, day: EpochDay): void {
    if (quantity <= 0) return;
    this.lots.push({ quantity, cost: quantity * price, acquired: day });
    this.quantity += quantity;
  }

  /**
   * Sells `quantity` at `price` from lots in the method's order, splitting the last lot
   * touched; `mayRealiseGain` is asked before each lot's gain is realised and may stop the
   * sale there (a tax budget), so the sale can end short of `quantity`.
   */
  sell(
    quantity: number,
    price: number,
    day: EpochDay,
    method: TaxAccountingMethod,
    mayRealiseGain: (gain: number) => boolean = () => true,
  ): Realised[] {
    const realised: Realised[] = [];
    let left = Math.min(quantity, this.quantity);
    for (const index of reliefOrder(this.lots, method, price, day)) {
      if (left <= 0) break;
      const lot = this.lots[index] as Lot;
      const taken = Math.min(lot.quantity, left);
      const cost = (lot.cost * taken) / lot.quantity;
      const gain = taken * price - cost;
      if (gain > 0 && !mayRealiseGain(gain)) break;
      realised.push({
        quantity: taken,
        proceeds: taken * price,
        cost,
        long: isLongTerm(lot.acquired, day),
      });
      lot.quantity -= taken;
      lot.cost -= cost;
      left -= taken;
    }
    this.lots = this.lots.filter((lot) => lot.quantity > 1e-12);
    this.quantity = this.lots.reduce((sum, lot) => sum + lot.quantity, 0);
    return realised;
  }

  /**
   * Sells every lot whose loss has reached `minShare` of its cost and `minAmount`, and buys
   * the same quantity back at once (SPEC 11.5): the loss is realised and the lot's cost and
   * holding period start again at today's price.
   */
  harvestLosses(price: number, day: EpochDay, minShare: number, minAmount: number): Realised[] {
    const realised: Realised[] = [];
    for (const lot of this.lots) {
      const value = lot.quantity * price;
      const loss = lot.cost - value;
      if (loss < minAmount || loss < minShare * lot.cost) continue;
      realised.push({
        quantity: lot.quantity,
        proceeds: value,
        cost: lot.cost,
        long: isLongTerm(lot.acquired, day),
      });
      lot.cost = value;
      lot.acquired = day;
    }
    return realised;
  }
}
