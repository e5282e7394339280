import {
  type BondStrategyInput,
  type ComparerSummaryCell,
  DURATION_PLACEMENTS,
  type DurationPlacement,
  LIQUIDITY_CODES,
  type LiquidityCode,
} from '@ballast/contract';
import { inputClass } from '../../components/ui/field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatPercent, formatUsd, formatYears } from '../../lib/format.ts';
import { runFailureReason, useSimulations } from '../../lib/use-simulation.ts';
import { COMPARER_GOALS, type ComparerGoal } from './compare-address.ts';
import {
  bestCellKey,
  cellKey,
  cellStrategy,
  GOALS,
  LIQUIDITY_LABELS,
  PLACEMENT_LABELS,
} from './comparer-cells.ts';
import { OpenInBuild } from './open-in-build.tsx';
import { useComparer } from './use-comparer.ts';

type Slot = { placement: DurationPlacement; liquidity: LiquidityCode };
const SLOTS: Slot[] = DURATION_PLACEMENTS.flatMap((placement) =>
  LIQUIDITY_CODES.map((liquidity) => ({ placement, liquidity })),
);

/**
 * The comparer of one bond strategy (product §3 'Comparer'): its assets and tax data across the
 * three duration placements and three liquidity targets, the best cell for the chosen goal
 * marked. A cell the engine left out is simulated on its own to learn why (SPEC 10.2).
 */
export function ComparerGrid(props: {
  strategy: BondStrategyInput;
  goal: ComparerGoal;
  onGoalChange(goal: ComparerGoal): void;
}) {
  const comparer = useComparer(props.strategy);
  const cells = comparer.data ?? [];
  const find = (slot: Slot) =>
    cells.find(
      (cell) => cell.duration_placement === slot.placement && cell.liquidity === slot.liquidity,
    );
  const missing = comparer.isSuccess ? SLOTS.filter((slot) => !find(slot)) : [];
  const whyMissing = useSimulations(
    missing.map((slot) => cellStrategy(props.strategy, slot.placement, slot.liquidity)),
  );
  const best = bestCellKey(cells, props.goal);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Best cell for
          <select
            className={inputClass}
            value={props.goal}
            onChange={(event) => props.onGoalChange(event.target.value as ComparerGoal)}
          >
            {COMPARER_GOALS.map((goal) => (
              <option key={goal} value={goal}>
                {GOALS[goal].label}
              </option>
            ))}
          </select>
        </label>
        <p className="pb-2 text-sm text-slate-700">Best means {GOALS[props.goal].means}.</p>
      </div>
      {comparer.isPending ? (
        <div role="status" aria-label="Running the comparer" className="flex flex-col gap-2">
          <p className="text-sm text-slate-700">Building nine portfolios…</p>
          <Skeleton className="h-72 w-full" />
        </div>
      ) : comparer.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {runFailureReason(comparer.error) ?? errorMessage(comparer.error)}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] table-fixed border-separate border-spacing-2 text-sm">
            <caption className="sr-only">
              Comparer grid: duration placement by liquidity, {cells.length} of 9 cells built
            </caption>
            <thead>
              <tr>
                <th scope="col" className="w-28 text-left font-semibold text-slate-800">
                  Duration
                </th>
                {LIQUIDITY_CODES.map((code) => (
                  <th key={code} scope="col" className="text-left font-semibold text-slate-800">
                    {LIQUIDITY_LABELS[code]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {DURATION_PLACEMENTS.map((placement) => (
                <tr key={placement}>
                  <th scope="row" className="text-left align-top font-semibold text-slate-800">
                    {PLACEMENT_LABELS[placement]}
                  </th>
                  {LIQUIDITY_CODES.map((liquidity) => {
                    const slot = { placement, liquidity };
                    const cell = find(slot);
                    const missingIndex = missing.findIndex(
                      (item) => item.placement === placement && item.liquidity === liquidity,
                    );
                    return (
                      <td key={liquidity} className="align-top">
                        {cell ? (
                          <BuiltCell
                            cell={cell}
                            isBest={best === cellKey(placement, liquidity)}
                            goal={props.goal}
                            strategy={cellStrategy(props.strategy, placement, liquidity)}
                          />
                        ) : (
                          <MissingCell slot={slot} why={whyMissing[missingIndex]} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function cellName(slot: Slot) {
  return `${PLACEMENT_LABELS[slot.placement]}, ${LIQUIDITY_LABELS[slot.liquidity]}`;
}

function BuiltCell(props: {
  cell: ComparerSummaryCell;
  isBest: boolean;
  goal: ComparerGoal;
  strategy: BondStrategyInput;
}) {
  const { attributes } = props.cell;
  const name = cellName({
    placement: props.cell.duration_placement,
    liquidity: props.cell.liquidity,
  });
  const figures: [string, string][] = [
    ['Yield', formatPercent(attributes.portfolio_yield)],
    ['Tax-equiv. yield', formatPercent(attributes.tax_equivalent_yield)],
    ['After-tax cash flow', formatUsd(attributes.after_tax_cash_flow, { whole: true })],
    ['Duration', `${formatYears(attributes.duration)} yrs`],
    ['Liquidity', attributes.liquidity.toFixed(0)],
    ['Avg rating', attributes.avg_rating],
  ];
  return (
    <section
      aria-label={name}
      data-best={props.isBest || undefined}
      className={`flex h-full flex-col gap-2 rounded-md border p-3 ${
        props.isBest ? 'border-2 border-emerald-700 bg-emerald-50' : 'border-slate-200 bg-white'
      }`}
    >
      {props.isBest && (
        <p className="text-xs font-bold text-emerald-900">
          ★ Best for {GOALS[props.goal].label.toLowerCase()}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="text-right font-medium tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto">
        <OpenInBuild strategy={props.strategy} what={name} />
      </div>
    </section>
  );
}

function MissingCell(props: {
  slot: Slot;
  why: { isPending: boolean; isError: boolean; error: unknown } | undefined;
}) {
  const why = props.why;
  const reason = !why
    ? undefined
    : why.isPending
      ? 'Asking the engine why…'
      : why.isError
        ? (runFailureReason(why.error) ?? errorMessage(why.error))
        : 'The comparer could not build this cell with its shared set of bonds.';
  return (
    <section
      aria-label={cellName(props.slot)}
      data-missing
      className="flex h-full flex-col gap-1 rounded-md border border-dashed border-slate-400 bg-slate-50 p-3"
    >
      <p className="font-semibold text-slate-800">Not built</p>
      <p className="text-slate-700">{reason}</p>
    </section>
  );
}
