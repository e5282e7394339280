import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import { downloadCsv, toCsv } from '../../lib/csv.ts';
import { Button } from '../ui/button.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import {
  BOND_HOLDING_COLUMNS,
  BOND_HOLDING_CSV_COLUMNS,
  type BondHolding,
  bondHoldings,
} from './bond-holdings.ts';
import { RowTable } from './row-table.tsx';
import { ScrollRegion } from './scroll-region.tsx';

/** For a result stored before the engine reported each bond's own yields and duration. */
const DERIVED_NOTE =
  "Each position's yields and duration are its part of the portfolio's figure over its weight, " +
  "so a small position's may be a basis point or more off.";

/**
 * The positions the engine chose for a bond strategy, largest first, exportable as CSV. The
 * yields and duration of a position are its bond's own, or for a result stored before the
 * engine reported those, its parts of the portfolio's figures over its weight.
 */
export function HoldingsTable(props: {
  result: BondSimulationResult;
  backtest?: SimulationResult;
  /** The downloaded file's name; "strategy-holdings.csv" unless the page knows better. */
  fileName?: string;
}) {
  const holdings = bondHoldings(props.result, props.backtest ?? props.result.backtest);
  const isDerived = (props.result.contributions ?? []).some(
    (part) => part.yield_to_worst === undefined,
  );
  return (
    <SectionCard
      title="Holdings"
      actions={
        <Button
          variant="secondary"
          disabled={holdings.length === 0}
          onClick={() =>
            downloadCsv(
              props.fileName ?? 'strategy-holdings.csv',
              toCsv(BOND_HOLDING_CSV_COLUMNS, holdings),
            )
          }
        >
          Export CSV
        </Button>
      }
    >
      <p className="mb-2 text-xs text-slate-600">
        {holdings.length} positions.
        {isDerived && ` ${DERIVED_NOTE}`}
      </p>
      <ScrollRegion
        label="Holdings table"
        className="max-h-[28rem] overflow-auto rounded border border-slate-200"
      >
        <RowTable
          caption="Holdings the engine chose, largest weight first; column headers sort the table"
          rowHeader={{
            header: 'CUSIP',
            cell: (holding) => <span className="font-mono font-normal">{holding.cusip}</span>,
            sortValue: (holding) => holding.cusip,
          }}
          columns={BOND_HOLDING_COLUMNS.filter((column) => column.key !== 'cusip').map(
            (column) => ({
              header: column.header,
              cell: column.format,
              numeric: column.numeric,
              sortValue: (holding: BondHolding) =>
                column.sortValue ? column.sortValue(holding) : holding[column.key],
            }),
          )}
          rows={holdings}
          rowKey={(holding) => holding.cusip}
          sticky
        />
      </ScrollRegion>
    </SectionCard>
  );
}
