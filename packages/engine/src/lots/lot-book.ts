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
 * The latest purchase day of a lot that is long-term when sold on `sold` (SPEC 4.3). A year on
 * is 365 or 366 days later and moves forward with the purchase day, so a lot bought 367 days
 * before is long-term, one bought 365 days before is not, and 366 days before depends on the
 * calendar.
 */
function lastLongTermPurchase(sold: EpochDay): EpochDay {
  return isLongTerm(sold - 366, sold) ? sold - 366 : sold - 367;
}

/**
 * What a book keeps its lots sorted by: the purchase day (FIFO, LIFO), or the cost per unit,
 * highest first, then the purchase day (HIFO, and COST within each of its groups).
 */
type Arrangement = 'acquired' | 'unitCost';

const ARRANGEMENT: Record<TaxAccountingMethod, Arrangement> = {
  FIFO: 'acquired',
  LIFO: 'acquired',
  HIFO: 'unitCost',
  COST: 'unitCost',
};

/** Negative when lot `a` is placed before lot `b`; lots that compare equal keep their order. */
function compareLots(arrangement: Arrangement, a: Lot, b: Lot): number {
  if (arrangement === 'acquired') return a.acquired - b.acquired;
  return b.cost / b.quantity - a.cost / a.quantity || a.acquired - b.acquired;
}

/**
 * The order a sale relieves lots in (SPEC 4.2), as the index of the `k`th lot to relieve among
 * lots already arranged for the method: FIFO oldest first, LIFO newest first, HIFO highest cost
 * per unit first; COST minimises tax: short-term losses (largest loss per unit first), then
 * long-term losses, then long-term gains (smallest gain per unit first), then short-term gains.
 * In each of COST's groups the largest loss or the smallest gain per unit is the highest cost
 * per unit, so each group is read in HIFO order. Ties fall to the older lot, then to the one
 * bought first (LIFO: last).
 */
function reliefOrder(
  lots: readonly Lot[],
  method: TaxAccountingMethod,
  price: number,
  day: EpochDay,
): (k: number) => number {
  switch (method) {
    case 'FIFO':
    case 'HIFO':
      return (k) => k;
    case 'LIFO':
      return (k) => lots.length - 1 - k;
    case 'COST': {
      const lastLong = lastLongTermPurchase(day);
      const groupOf = (lot: Lot) => {
        const long = lot.acquired <= lastLong;
        if (price - lot.cost / lot.quantity < 0) return long ? 1 : 0;
        return long ? 2 : 3;
      };
      const order = new Int32Array(lots.length);
      let k = 0;
      for (let group = 0; group < 4; group++) {
        lots.forEach((lot, i) => {
          if (groupOf(lot) === group) order[k++] = i;
        });
      }
      return (at) => order[at] as number;
    }
  }
}

/** How a book harvests (SPEC 11.5): the loss that triggers it and the exchange's fee. */
type HarvestRule = { minShare: number; minAmount: number; fee: number };

/** The highest price at which `lot` would be harvested under `rule`. */
function harvestTrigger(lot: Lot, rule: HarvestRule): number {
  const loss = Math.max(rule.minAmount, rule.minShare * lot.cost);
  return (lot.cost - loss) / (lot.quantity * (1 - rule.fee));
}

/**
 * One instrument's lots. Quantities and amounts are doubles: a backtest is a simulation, and
 * what it reports is rounded to cents (SPEC 1.3); quantity and cost are conserved exactly up
 * to floating-point rounding, and a lot emptied by a sale is removed.
 *
 * A book of staking rewards holds a lot a day (SPEC 11.6), so the book keeps its lots in the
 * order its last sale's method reads them, and a sale takes the first lots it needs instead of
 * sorting the book each time.
 */
export class LotBook {
  lots: Lot[] = [];
  /** The lots' total, kept as they change: a backtest asks for it every day. */
  quantity = 0;
  /** What `lots` is sorted by, once a sale has asked for an order. */
  private arrangement: Arrangement | undefined;
  /**
   * A price above which no lot would be harvested under `harvestRule`, kept between harvests:
   * on most days every lot is above it, and the book need not be read. NaN when it must be
   * found again; once a sale has shrunk lots it may be higher than the highest lot's.
   */
  private harvestCeiling = Number.NaN;
  private isCeilingExact = false;
  private harvestRule: HarvestRule | undefined;

  get cost(): number {
    return this.lots.reduce((sum, lot) => sum + lot.cost, 0);
  }

  buy(quantity: number, price: number, day: EpochDay): void {
    if (quantity <= 0) return;
    const lot = { quantity, cost: quantity * price, acquired: day };
    this.place([lot], false);
    this.quantity += quantity;
    if (this.harvestRule) {
      this.harvestCeiling = Math.max(this.harvestCeiling, harvestTrigger(lot, this.harvestRule));
    }
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
    this.arrange(ARRANGEMENT[method]);
    // Selling only shrinks lots, so no lot is harvested at a higher price than before.
    this.isCeilingExact = false;
    const realised: Realised[] = [];
    let left = Math.min(quantity, this.quantity);
    const lotAt = reliefOrder(this.lots, method, price, day);
    for (let k = 0; k < this.lots.length && left > 0; k++) {
      const lot = this.lots[lotAt(k)] as Lot;
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
    if (realised.length > 0) {
      let kept = 0;
      let held = 0;
      for (const lot of this.lots) {
        if (lot.quantity <= 1e-12) continue;
        this.lots[kept++] = lot;
        held += lot.quantity;
      }
      this.lots.length = kept;
      this.quantity = held;
    }
    return realised;
  }

  /**
   * Sells every lot whose loss has reached `minShare` of its cost and `minAmount`, and buys
   * the same quantity back at once (SPEC 11.5): the loss is realised and the lot's cost and
   * holding period start again at today's price. With an exchange's `fee`, the sale brings
   * `price` less the fee and the purchase costs `price` plus the fee (SPEC 11.1).
   */
  harvestLosses(
    price: number,
    day: EpochDay,
    minShare: number,
    minAmount: number,
    fee = 0,
  ): Realised[] {
    const rule = this.harvestRule;
    if (!rule || rule.minShare !== minShare || rule.minAmount !== minAmount || rule.fee !== fee) {
      this.harvestRule = { minShare, minAmount, fee };
      this.harvestCeiling = Number.NaN;
    }
    // Prices are positive; the margin is for rounding: the test below, not the ceiling, decides.
    const isAbove = () => this.harvestCeiling <= 0 || price > this.harvestCeiling * (1 + 1e-9);
    if (!Number.isNaN(this.harvestCeiling) && isAbove()) return [];
    if (!this.isCeilingExact || Number.isNaN(this.harvestCeiling)) {
      let ceiling = Number.NEGATIVE_INFINITY;
      for (const lot of this.lots) {
        ceiling = Math.max(ceiling, harvestTrigger(lot, this.harvestRule as HarvestRule));
      }
      this.harvestCeiling = ceiling;
      this.isCeilingExact = true;
      if (isAbove()) return [];
    }
    const realised: Realised[] = [];
    const bought: Lot[] = [];
    for (const lot of this.lots) {
      const proceeds = lot.quantity * price * (1 - fee);
      const loss = lot.cost - proceeds;
      if (loss < minAmount || loss < minShare * lot.cost) continue;
      realised.push({
        quantity: lot.quantity,
        proceeds,
        cost: lot.cost,
        long: isLongTerm(lot.acquired, day),
      });
      lot.cost = lot.quantity * price * (1 + fee);
      lot.acquired = day;
      bought.push(lot);
    }
    if (bought.length > 0) {
      this.harvestCeiling = Number.NaN;
      if (this.arrangement) {
        const moved = new Set(bought);
        this.lots = this.lots.filter((lot) => !moved.has(lot));
        // Bought back before today's other purchases of the same cost, as they were held first.
        this.place(bought, true);
      }
    }
    return realised;
  }

  /** Sorts the lots for a sale's method, unless they are already. */
  private arrange(arrangement: Arrangement): void {
    if (this.arrangement === arrangement) return;
    this.lots.sort((a, b) => compareLots(arrangement, a, b));
    this.arrangement = arrangement;
  }

  /**
   * Adds lots that compare equal to each other where they belong in the arrangement: after the
   * lots equal to them, or before when `first`; at the end while the book is unarranged.
   */
  private place(lots: Lot[], first: boolean): void {
    const arrangement = this.arrangement;
    const key = lots[0] as Lot;
    if (!arrangement) {
      this.lots.push(...lots);
      return;
    }
    let low = 0;
    let high = this.lots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compareLots(arrangement, this.lots[middle] as Lot, key);
      if (order < 0 || (order === 0 && !first)) low = middle + 1;
      else high = middle;
    }
    this.lots.splice(low, 0, ...lots);
  }
}
