import { useId, useState } from 'react';
import {
  BondResults,
  isBondResult,
  TokenResults,
} from '../../components/strategy-results/index.ts';
import type { AnyResult } from './figure-rows.ts';

/**
 * One strategy's whole result, chosen by its letter: the table above lines up the headline
 * figures, this shows what stands behind them (holdings, history) for the strategy in question.
 */
export function FullResults(props: {
  columns: { letter: string; name: string; result: AnyResult | undefined }[];
}) {
  const [chosen, setChosen] = useState(0);
  const groupName = useId();
  const index = Math.min(chosen, props.columns.length - 1);
  const column = props.columns[index];
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2 text-sm">
        <legend className="sr-only">Strategy whose full results are shown</legend>
        {props.columns.map((item, at) => (
          <label
            key={item.letter}
            className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-navy-700 ${
              at === index ? 'border-navy-700 bg-navy-700 text-white' : 'border-slate-300 bg-white'
            }`}
          >
            <input
              type="radio"
              className="sr-only"
              name={groupName}
              checked={at === index}
              onChange={() => setChosen(at)}
            />
            {item.letter}: {item.name}
          </label>
        ))}
      </fieldset>
      {!column?.result ? (
        <p className="text-sm text-slate-700">No result for this strategy yet.</p>
      ) : isBondResult(column.result) ? (
        <BondResults result={column.result} />
      ) : (
        <TokenResults result={column.result} />
      )}
    </div>
  );
}
