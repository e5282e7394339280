import { useId, useState } from 'react';
import { type AnyResult, bestMeansOf, compareRow, rowsFor } from './figure-rows.ts';

export type FigureColumn = { letter: string; name: string; result: AnyResult | undefined };

/**
 * The same figures side by side, one column per strategy: the best of each row marked (what
 * "best" means is said at the end of the row), and each figure that differs from the first
 * strategy's highlighted, so the eye goes to where the strategies part.
 */
export function FiguresTable(props: { columns: FigureColumn[] }) {
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const toggleId = useId();
  const results = props.columns.map((column) => column.result);
  const rows = rowsFor(results)
    .map((row) => ({ row, cells: compareRow(row, results) }))
    .filter(({ cells }) => !onlyDiffering || cells.some((cell) => cell.differs));
  const first = props.columns[0];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-700">
          <span className="mr-1 inline-block rounded bg-emerald-100 px-1.5 font-semibold text-emerald-900">
            ★ Best
          </span>
          the best of the row;{' '}
          <span className="mx-1 inline-block border-l-4 border-amber-500 bg-amber-50 px-1.5">
            highlighted
          </span>
          differs from {first ? `${first.letter}, ${first.name}` : 'the first strategy'}.
        </p>
        <label htmlFor={toggleId} className="flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            checked={onlyDiffering}
            onChange={(event) => setOnlyDiffering(event.target.checked)}
          />
          Only rows that differ
        </label>
      </div>
      <div className="overflow-x-auto rounded border border-slate-200">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Figures of the compared strategies</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Figure
              </th>
              {props.columns.map((column) => (
                <th key={column.letter} scope="col" className="px-3 py-2 text-right font-semibold">
                  <span className="block">{column.letter}</span>
                  <span className="block font-normal text-slate-700">{column.name}</span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-semibold">
                Best means
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row, cells }) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 font-medium text-slate-800">
                  {row.label}
                </th>
                {cells.map((cell, index) => {
                  const column = props.columns[index];
                  return (
                    <td
                      key={column?.letter ?? index}
                      data-best={cell.isBest || undefined}
                      data-differs={cell.differs || undefined}
                      className={`whitespace-nowrap px-3 py-1.5 text-right tabular-nums ${
                        cell.differs ? 'border-l-4 border-amber-500 bg-amber-50' : ''
                      } ${cell.isBest ? 'font-bold text-emerald-900' : ''}`}
                    >
                      {cell.isBest && (
                        <span
                          aria-hidden="true"
                          className="mr-1 rounded bg-emerald-100 px-1 text-xs text-emerald-900"
                        >
                          ★ Best
                        </span>
                      )}
                      {cell.text}
                      {cell.isBest && <span className="sr-only"> (best)</span>}
                      {cell.differs && <span className="sr-only"> (differs from A)</span>}
                    </td>
                  );
                })}
                <td className="px-3 py-1.5 text-slate-700">{bestMeansOf(row, results)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && (
        <p className="text-sm text-slate-700">
          {onlyDiffering ? 'Every figure is the same for all strategies.' : 'No figures yet.'}
        </p>
      )}
    </div>
  );
}
