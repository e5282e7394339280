import type { FormOption, FormOptions, FormValue, StrategyInput } from '@ballast/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { defaultStrategy, readAt, withChoice } from '../../lib/strategy-draft.ts';
import { useFormOptions, useStrategyStyles } from '../../lib/use-strategy-styles.ts';
import type { StrategySource } from './compare-address.ts';
import { usePortfolioChoices } from './use-compared-strategies.ts';

/**
 * Adds a column: a portfolio's current strategy, or a strategy built here from a style's
 * defaults with its choices adjusted (product §3 form options).
 */
export function AddStrategy(props: { onAdd(source: StrategySource): void; disabled: boolean }) {
  const [from, setFrom] = useState<'portfolio' | 'style'>('portfolio');
  const groupName = useId();
  return (
    <section
      aria-labelledby={`${groupName}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${groupName}-heading`} className="mb-2 text-base font-bold text-navy-800">
        Add a strategy
      </h2>
      <fieldset className="mb-3 flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Where the strategy comes from</legend>
        {(
          [
            ['portfolio', "A portfolio's current strategy"],
            ['style', 'A new strategy from a style'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={groupName}
              value={value}
              checked={from === value}
              onChange={() => setFrom(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {from === 'portfolio' ? (
        <FromPortfolio onAdd={props.onAdd} disabled={props.disabled} />
      ) : (
        <FromStyle onAdd={props.onAdd} disabled={props.disabled} />
      )}
      {props.disabled && (
        <p className="mt-2 text-sm text-slate-700">Four strategies are compared at most.</p>
      )}
    </section>
  );
}

function FromPortfolio(props: { onAdd(source: StrategySource): void; disabled: boolean }) {
  const list = usePortfolioChoices();
  const [portfolioId, setPortfolioId] = useState('');
  const choices = (list.data?.portfolios ?? []).filter(
    (item) => item.current_strategy_summary !== null,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (portfolioId) props.onAdd({ kind: 'portfolio', portfolioId });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <Field
        label="Portfolio"
        error={list.isError ? errorMessage(list.error) : undefined}
        hint={
          list.isSuccess && choices.length === 0
            ? 'None of your portfolios has a strategy yet.'
            : undefined
        }
      >
        {(control) => (
          <select
            {...control}
            className={`${inputClass} min-w-64`}
            value={portfolioId}
            onChange={(event) => setPortfolioId(event.target.value)}
            disabled={list.isPending}
          >
            <option value="">
              {list.isPending ? 'Loading portfolios…' : 'Choose a portfolio'}
            </option>
            {choices.map((item) => (
              <option key={item.id} value={item.id}>
                {item.client_name}: {item.current_strategy_summary?.summary}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" disabled={props.disabled || !portfolioId}>
        Add portfolio strategy
      </Button>
    </form>
  );
}

/** The options a strategy built on the spot offers: its choices among a fixed list. */
function choiceOptions(form: FormOptions): FormOption[] {
  return form.options.filter((option) => option.value_type === 'select');
}

function FromStyle(props: { onAdd(source: StrategySource): void; disabled: boolean }) {
  const styles = useStrategyStyles();
  const [style, setStyle] = useState<string | undefined>(undefined);
  const chosenStyle = style ?? styles.data?.[0]?.name;
  const form = useFormOptions(chosenStyle);
  const [draft, setDraft] = useState<StrategyInput | undefined>(undefined);

  useEffect(() => {
    setDraft(form.data ? defaultStrategy(form.data) : undefined);
  }, [form.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) props.onAdd({ kind: 'strategy', strategy: draft });
  };
  const problem = styles.isError
    ? errorMessage(styles.error)
    : form.isError
      ? errorMessage(form.error)
      : form.isSuccess && !draft
        ? "This style's defaults do not make a strategy."
        : undefined;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Style" error={problem}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={chosenStyle ?? ''}
              onChange={(event) => setStyle(event.target.value)}
              disabled={styles.isPending}
            >
              {(styles.data ?? []).map((item) => (
                <option key={item.name} value={item.name}>
                  {item.summary}
                </option>
              ))}
            </select>
          )}
        </Field>
        {form.data &&
          draft &&
          draft.style === form.data.name &&
          choiceOptions(form.data).map((option) => {
            const current = readAt(draft, option.payload_field_name);
            const index = option.values.findIndex((item) => item.value === current);
            return (
              <Field key={option.payload_field_name} label={option.form_name}>
                {(control) => (
                  <select
                    {...control}
                    title={option.form_summary}
                    className={inputClass}
                    value={index < 0 ? '' : String(index)}
                    onChange={(event) => {
                      const picked = option.values[Number(event.target.value)];
                      if (!picked) return;
                      const next = withChoice(draft, option, picked.value as FormValue);
                      if (next) setDraft(next);
                    }}
                  >
                    {index < 0 && <option value="">—</option>}
                    {option.values.map((item, itemIndex) => (
                      <option key={String(item.value)} value={String(itemIndex)}>
                        {item.summary}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            );
          })}
      </div>
      <div>
        <Button type="submit" disabled={props.disabled || !draft}>
          Add new strategy
        </Button>
      </div>
    </form>
  );
}
