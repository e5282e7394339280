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
 * What a book keeps its lots sorted by: the purchase day, oldest first (FIFO reads from the
 * first lot, LIFO from the last), or the cost per unit, lowest first, and the newest purchase
 * first among equal costs (HIFO, and COST within each of its groups, read from the last lot).
 * HIFO reads from the end because a day's purchases, at today's price, mostly sort among the
 * dearer end's few lots: the cheaper lots before them need not move.
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
  return a.cost / a.quantity - b.cost / b.quantity || b.acquired - a.acquired;
}

/**
 * Where `lot` goes among `lots` sorted by `arrangement`: after the lots it ties with when
 * `isAfter`, else before them. A sale reads an arrangement's ties in the order they were
 * bought, from the first lot for 'acquired' and from the last for 'unitCost'.
 */
function boundary(
  lots: readonly Lot[],
  arrangement: Arrangement,
  lot: Lot,
  from: number,
  to: number,
  isAfter: boolean,
): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareLots(arrangement, lots[middle] as Lot, lot);
    if (order < 0 || (order === 0 && isAfter)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a bought lot is read after the lots it ties with, which were bought before it. */
const isBoughtAfter = (arrangement: Arrangement) => arrangement === 'acquired';

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
      return (k) => k;
    case 'LIFO':
    case 'HIFO':
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
        for (let i = lots.length - 1; i >= 0; i--) {
          if (groupOf(lots[i] as Lot) === group) order[k++] = i;
        }
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
 * Whether no lot can be harvested at `price` below a harvest ceiling (NaN: not known). Prices
 * are positive; the margin is for rounding, as the test of each lot, not the ceiling, decides.
 */
function isAbove(price: number, ceiling: number): boolean {
  return ceiling <= 0 || price > ceiling * (1 + 1e-9);
}

/** What a day with nothing to harvest realises: most days, so it is not allocated each time. */
const NONE: readonly Realised[] = Object.freeze([]);

/**
 * One instrument's lots. Quantities and amounts are doubles: a backtest is a simulation, and
 * what it reports is rounded to cents (SPEC 1.3); quantity and cost are conserved exactly up
 * to floating-point rounding, and a lot emptied by a sale is removed.
 *
 * A book of staking rewards holds a lot a day (SPEC 11.6), so the book keeps its lots sorted
 * for its last sale's method, and a sale takes the lots it needs from one end instead of
 * sorting the book each time.
 */
export class LotBook {
  private held: Lot[] = [];
  /** The lots' total, kept as they change: a backtest asks for it every day. */
  quantity = 0;
  /** What `lots` is sorted by, once a sale has asked for an order... */
  private arrangement: Arrangement | undefined;
  /**
   * ...and how many of them, from the first, are in that order: purchases are added at the end
   * and sorted in when the next sale needs them, so a day's reward costs no reordering.
   */
  private sorted = 0;
  /**
   * A price above which no lot would be harvested under `harvestRule`, kept between harvests:
   * on most days every lot is above it, and the book need not be read. NaN when it must be
   * found again; once a sale has shrunk lots it may be higher than the highest lot's.
   */
  private harvestCeiling = Number.NaN;
  private isCeilingExact = false;
  private harvestRule: HarvestRule | undefined;

  /** The lots, in the order the book keeps them. */
  get lots(): readonly Lot[] {
    return this.held;
  }

  get cost(): number {
    return this.held.reduce((sum, lot) => sum + lot.cost, 0);
  }

  buy(quantity: number, price: number, day: EpochDay): void {
    if (quantity <= 0) return;
    const lot = { quantity, cost: quantity * price, acquired: day };
    this.held.push(lot);
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
    const lotAt = reliefOrder(this.held, method, price, day);
    let emptied = 0;
    for (let k = 0; k < this.held.length && left > 0; k++) {
      const lot = this.held[lotAt(k)] as Lot;
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
      this.quantity -= taken;
      if (lot.quantity <= 1e-12) {
        this.quantity -= lot.quantity;
        emptied++;
      }
    }
    if (emptied > 0) this.removeEmptied(method, emptied);
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
  ): readonly Realised[] {
    const rule = this.harvestRule;
    if (!rule || rule.minShare !== minShare || rule.minAmount !== minAmount || rule.fee !== fee) {
      this.harvestRule = { minShare, minAmount, fee };
      this.harvestCeiling = Number.NaN;
    }
    if (isAbove(price, this.harvestCeiling)) return NONE;
    if (!this.isCeilingExact || Number.isNaN(this.harvestCeiling)) {
      let ceiling = Number.NEGATIVE_INFINITY;
      for (const lot of this.held) {
        ceiling = Math.max(ceiling, harvestTrigger(lot, this.harvestRule as HarvestRule));
      }
      this.harvestCeiling = ceiling;
      this.isCeilingExact = true;
      if (isAbove(price, ceiling)) return NONE;
    }
    const realised: Realised[] = [];
    const bought: Lot[] = [];
    for (const lot of this.held) {
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
      if (this.arrangement) this.placeBoughtBack(bought);
    }
    return realised;
  }

  /**
   * Removes the `count` lots a sale emptied: the first lots for FIFO, the last for LIFO and
   * HIFO, and anywhere for COST.
   */
  private removeEmptied(method: TaxAccountingMethod, count: number): void {
    if (method === 'FIFO') this.held.splice(0, count);
    else if (method === 'LIFO' || method === 'HIFO') this.held.length -= count;
    else this.held = this.held.filter((lot) => lot.quantity > 1e-12);
    this.sorted = this.held.length;
    if (this.held.length === 0) this.quantity = 0;
  }

  /** Sorts the lots for a sale's method: all of them, or the purchases since the last sale. */
  private arrange(arrangement: Arrangement): void {
    const before = (a: Lot, b: Lot) => compareLots(arrangement, a, b);
    const lots = this.held;
    const isAfter = isBoughtAfter(arrangement);
    // Lots in the order they were bought, turned round where ties are placed newest first.
    const inOrderBought = (unsorted: Lot[]) => (isAfter ? unsorted : unsorted.reverse());
    if (this.arrangement !== arrangement) {
      inOrderBought(lots).sort(before);
    } else if (this.sorted < lots.length) {
      const added = inOrderBought(lots.slice(this.sorted)).sort(before);
      // Each is read after the sorted lots it ties with, which were bought earlier.
      let from = 0;
      const positions = added.map((lot) => {
        from = boundary(lots, arrangement, lot, from, this.sorted, isAfter);
        return from;
      });
      // Merged in place from the end: each sorted lot moves up by the purchases placed before
      // it, without comparing again.
      let end = this.sorted;
      for (let j = added.length - 1; j >= 0; j--) {
        const at = positions[j] as number;
        for (let i = end - 1; i >= at; i--) lots[i + j + 1] = lots[i] as Lot;
        lots[at + j] = added[j] as Lot;
        end = at;
      }
    }
    this.arrangement = arrangement;
    this.sorted = this.held.length;
  }

  /**
   * Moves lots a harvest bought back, equal to each other in the arrangement, to where they
   * belong among the sorted lots: read before the lots they tie with, which were bought later.
   */
  private placeBoughtBack(bought: Lot[]): void {
    const arrangement = this.arrangement as Arrangement;
    const moved = new Set(bought);
    const sorted = this.held.slice(0, this.sorted).filter((lot) => !moved.has(lot));
    const added = this.held.slice(this.sorted).filter((lot) => !moved.has(lot));
    const at = boundary(
      sorted,
      arrangement,
      bought[0] as Lot,
      0,
      sorted.length,
      !isBoughtAfter(arrangement),
    );
    sorted.splice(at, 0, ...bought);
    this.held = sorted.concat(added);
    this.sorted = sorted.length;
  }
}
