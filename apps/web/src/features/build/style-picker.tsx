import type { StrategyStyleInfo } from '@ballast/contract';
import { useId } from 'react';

/** The strategy styles as a row of choices, each with its summary and description. */
export function StylePicker(props: {
  styles: readonly StrategyStyleInfo[];
  value: string | null;
  onChange(style: string): void;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Strategy style</legend>
      <div className="grid grid-cols-2 gap-2 xl:grid-cols-4">
        {props.styles.map((style) => {
          const checked = style.name === props.value;
          return (
            <label
              key={style.name}
              className={`flex cursor-pointer flex-col gap-0.5 rounded-lg border bg-white px-3 py-2 shadow-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 ${checked ? 'border-navy-700 ring-2 ring-navy-700' : 'border-slate-200 hover:border-slate-400'}`}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={name}
                  value={style.name}
                  checked={checked}
                  onChange={() => props.onChange(style.name)}
                  className="size-4 accent-navy-700"
                />
                <span className="text-sm font-bold text-navy-800">{style.summary}</span>
              </span>
              <span className="text-xs text-slate-600">{style.description}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
