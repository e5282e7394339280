/**
 * A linear or mixed-integer model built as arrays (SPEC 7.1): columns with bounds, costs and
 * integrality, and named rows, turned into the compressed-row form the solver takes. Names
 * tell a person which constraints conflict when there is no solution.
 */
export type Row = {
  name: string;
  lower: number;
  upper: number;
  columns: number[];
  coefficients: number[];
};

export class LinearModel {
  readonly costs: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  readonly integer: boolean[] = [];
  readonly rows: Row[] = [];

  get columnCount(): number {
    return this.costs.length;
  }

  addColumn(cost: number, lower: number, upper: number, integer = false): number {
    this.costs.push(cost);
    this.lower.push(lower);
    this.upper.push(upper);
    this.integer.push(integer);
    return this.costs.length - 1;
  }

  /** `lower <= sum(coefficients[k] * x[columns[k]]) <= upper`; skipped when it names no column. */
  addRow(name: string, lower: number, upper: number, columns: number[], coefficients: number[]) {
    if (columns.length === 0) return;
    this.rows.push({ name, lower, upper, columns, coefficients });
  }

  get hasIntegers(): boolean {
    return this.integer.some(Boolean);
  }
}
