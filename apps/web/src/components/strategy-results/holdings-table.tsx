import type { BondSimulationResult } from '@ballast/contract';
import { downloadCsv, toCsv } from '../../lib/csv.ts';
import { Button } from '../ui/button.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import { BOND_HOLDING_COLUMNS, BOND_HOLDING_CSV_COLUMNS, bondHoldings } from './bond-holdings.ts';

/** The positions the engine chose for a bond strategy, exportable as CSV. */
export function HoldingsTable({ result }: { result: BondSimulationResult }) {
  const holdings = bondHoldings(result);
  return (
    <SectionCard
      title="Holdings"
      actions={
        <Button
          variant="secondary"
          disabled={holdings.length === 0}
          onClick={() =>
            downloadCsv('strategy-holdings.csv', toCsv(BOND_HOLDING_CSV_COLUMNS, holdings))
          }
        >
          Export CSV
        </Button>
      }
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Holdings the engine chose</caption>
        <thead>
          <tr>
            {BOND_HOLDING_COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-2 py-1.5 font-semibold ${column.numeric ? 'text-right' : 'text-left'}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {holdings.map((holding) => (
            <tr key={holding.cusip} className="border-t border-slate-100">
              {BOND_HOLDING_COLUMNS.map((column) => (
                <td
                  key={column.key}
                  className={`px-2 py-1 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                >
                  {column.format(holding)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
