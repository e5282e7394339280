import { HISTORY_RANGES, type HistoryRange } from './history-range.ts';

/** The period the history charts show; one pressed button at a time. */
export function HistoryRangePicker(props: {
  value: HistoryRange;
  onChange(range: HistoryRange): void;
}) {
  return (
    <fieldset className="flex rounded-md border border-slate-300 bg-white p-0.5">
      <legend className="sr-only">History range</legend>
      {HISTORY_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={props.value === range}
          onClick={() => props.onChange(range)}
          className="rounded px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 aria-pressed:bg-navy-700 aria-pressed:text-white"
        >
          {range}
        </button>
      ))}
    </fieldset>
  );
}
