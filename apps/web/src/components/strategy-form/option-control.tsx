import type { FormOption, FormOptionValue } from '@ballast/contract';
import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import { isSameValue } from '../../lib/strategy-draft.ts';
import {
  InstrumentPercentagesControl,
  MultiSelectControl,
  MultiTextControl,
} from './list-controls.tsx';
import { type OptionControlProps, OptionFrame } from './option-frame.tsx';
import { OptionIcon } from './option-icon.tsx';
import { displayOf, NumberInput, ValueSelect } from './value-inputs.tsx';

/**
 * Choices drawn as buttons side by side, when a few short ones fit the options column; more, or
 * longer ones, go in a drop-down.
 */
const CHOICE_BUTTONS_MAX = 4;
const CHOICE_BUTTONS_MAX_TEXT = 40;

function fitsAsButtons(option: FormOption): boolean {
  const text = option.values.reduce((length, value) => length + value.summary.length, 0);
  return option.values.length <= CHOICE_BUTTONS_MAX && text <= CHOICE_BUTTONS_MAX_TEXT;
}

/** One form option, drawn by its `value_type`, with its summary, description and messages. */
export function OptionControl(props: OptionControlProps) {
  switch (props.option.value_type) {
    case 'select':
      return fitsAsButtons(props.option) && !props.compact ? (
        <ChoiceButtons {...props} />
      ) : (
        <SelectControl {...props} />
      );
    case 'toggle':
      return <ToggleControl {...props} />;
    case 'range':
      return <RangeControl {...props} />;
    case 'number':
      return <NumberControl {...props} />;
    case 'multi_select':
      return <MultiSelectControl {...props} />;
    case 'multi_text':
      return <MultiTextControl {...props} />;
    case 'instrument_percentages':
      return <InstrumentPercentagesControl {...props} />;
    default:
      return <UnknownControl {...props} />;
  }
}

function chosenOf(option: FormOption, value: unknown): FormOptionValue | undefined {
  return option.values.find((offered) => isSameValue(offered.value, value));
}

function valueNote(option: FormOption, value: unknown): string | undefined {
  const chosen = chosenOf(option, value);
  return chosen && chosen.description !== chosen.summary ? chosen.description : undefined;
}

function ChoiceButtons(props: OptionControlProps) {
  const { option, value } = props;
  const name = useId();
  return (
    <OptionFrame option={option} errors={props.errors} group note={valueNote(option, value)}>
      {(ids) => (
        <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-md bg-slate-100 p-1">
          {option.values.map((offered) => {
            const checked = isSameValue(offered.value, value);
            return (
              <label
                key={displayOf(offered.value)}
                className={`flex cursor-pointer items-center justify-center gap-1.5 rounded px-2 py-1.5 text-center text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-700 ${checked ? 'bg-white font-semibold text-navy-800 shadow-sm' : 'text-slate-700 hover:bg-white/60'}`}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={name}
                  checked={checked}
                  aria-invalid={ids.invalid}
                  onChange={() => props.onChange(offered.value)}
                />
                <OptionIcon name={offered.icon} className="size-4" />
                {offered.summary}
              </label>
            );
          })}
        </div>
      )}
    </OptionFrame>
  );
}

function SelectControl(props: OptionControlProps) {
  const { option, value } = props;
  return (
    <OptionFrame
      option={option}
      errors={props.errors}
      compact={props.compact}
      note={props.compact ? undefined : valueNote(option, value)}
    >
      {(ids) => (
        <ValueSelect
          id={ids.id}
          values={option.values}
          value={value}
          onChange={props.onChange}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
      )}
    </OptionFrame>
  );
}

function ToggleControl(props: OptionControlProps) {
  const { option, value } = props;
  const chosen = chosenOf(option, value);
  return (
    <OptionFrame option={option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <div className="flex items-center gap-2">
          <Switch.Root
            id={ids.id}
            checked={value === true}
            onCheckedChange={(checked) => props.onChange(checked)}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 data-[state=checked]:bg-navy-700"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white transition-transform data-[state=checked]:translate-x-[1.375rem]" />
          </Switch.Root>
          <OptionIcon name={chosen?.icon ?? null} className="size-4 text-slate-600" />
          <span className="text-sm text-slate-700">{chosen?.summary}</span>
        </div>
      )}
    </OptionFrame>
  );
}

function stepOf(limits: { min: number; max: number }): number {
  return limits.max - limits.min <= 20 ? 0.1 : 1;
}

function RangeControl(props: OptionControlProps) {
  const { option, value, limits } = props;
  return (
    <OptionFrame option={option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <div className="flex items-center gap-3">
          {limits && (
            <input
              type="range"
              aria-label={`${option.form_name} slider`}
              className="min-w-0 flex-1 accent-navy-700"
              min={limits.min}
              max={limits.max}
              step={stepOf(limits)}
              value={typeof value === 'number' ? value : limits.min}
              onChange={(event) => props.onChange(Number(event.target.value))}
            />
          )}
          <NumberInput
            id={ids.id}
            className="w-20 text-right"
            value={value}
            onChange={props.onChange}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
          />
        </div>
      )}
    </OptionFrame>
  );
}

function NumberControl(props: OptionControlProps) {
  return (
    <OptionFrame option={props.option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <NumberInput
          id={ids.id}
          className=""
          value={props.value}
          onChange={props.onChange}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
      )}
    </OptionFrame>
  );
}

function UnknownControl(props: OptionControlProps) {
  return (
    <OptionFrame option={props.option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <output id={ids.id} className="text-sm text-slate-700">
          {JSON.stringify(props.value)} (this screen cannot edit a “{props.option.value_type}”
          option yet)
        </output>
      )}
    </OptionFrame>
  );
}
