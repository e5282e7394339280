import type { FormOption } from '@ballast/contract';
import { type ReactNode, useId } from 'react';
import {
  activeOptions,
  type DraftErrors,
  limitsOf,
  readAt,
  type StrategyDraft,
} from '../../lib/strategy-draft.ts';
import { OptionControl } from './option-control.tsx';

/** Where an option sits, by the strategy field it fills; the client's tax data is apart. */
const SECTIONS = [
  { title: 'Assets', fields: ['strategy.assets'] },
  { title: 'Duration', fields: ['strategy.factors.duration'] },
  { title: 'Credit', fields: ['strategy.factors.credit'] },
  { title: 'Liquidity', fields: ['strategy.factors.liquidity'] },
  {
    title: 'Universe and weighting',
    fields: [
      'strategy.token_universe',
      'strategy.calculation_methodology',
      'strategy.recalculation_frequency',
    ],
  },
  { title: 'Exclusions and limits', fields: ['strategy.constraints'] },
  { title: 'Tax management', fields: ['strategy.tax_options'] },
] as const;
const TAX_DATA_FIELD = 'tax_data';

/**
 * The words by which the engine's reason for an infeasible strategy names each section's
 * options (packages/engine/src/bond-strategy/infeasible.ts): the limits that conflict, and the
 * filters that made bonds eligible, all of which the advisor can loosen.
 */
const NAMED_IN_REASON: Record<string, RegExp> = {
  Assets: /municipal|corporate|treasur/i,
  Duration: /duration/i,
  Credit: /\brated\b/i,
  Liquidity: /liquidity/i,
  'Exclusions and limits': /excluded|per issuer/i,
};

export function sectionsNamedIn(reason: string): string[] {
  return Object.entries(NAMED_IN_REASON)
    .filter(([, words]) => words.test(reason))
    .map(([title]) => title);
}
const OTHER_SECTION = 'More options';

function isWithin(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}

function sectionOf(path: string): string {
  if (isWithin(path, TAX_DATA_FIELD)) return TAX_DATA_FIELD;
  return (
    SECTIONS.find((section) => section.fields.some((field) => isWithin(path, field)))?.title ??
    OTHER_SECTION
  );
}

/**
 * The messages an option shows: those of its field, and of the items of its list, each named
 * by its place ("Token limits 2: …").
 */
function messagesOf(option: FormOption, errors: DraftErrors): string[] {
  const messages: string[] = [];
  for (const [path, texts] of errors) {
    if (path === option.payload_field_name) messages.push(...texts);
    else if (path.startsWith(`${option.payload_field_name}.`)) {
      const item = Number(path.slice(option.payload_field_name.length + 1).split('.')[0]);
      const name = Number.isInteger(item) ? `${option.form_name} ${item + 1}` : option.form_name;
      messages.push(...texts.map((text) => `${name}: ${text}`));
    }
  }
  return [...new Set(messages)];
}

/** Messages about a field no option shows: a rule over several fields names their object. */
function looseMessages(options: readonly FormOption[], errors: DraftErrors) {
  const loose = new Map<string, string[]>();
  for (const [path, texts] of errors) {
    const owned = options.some((option) => isWithin(path, option.payload_field_name));
    if (owned) continue;
    const section = sectionOf(path);
    loose.set(section, [...(loose.get(section) ?? []), ...texts]);
  }
  return loose;
}

function Messages({ messages }: { messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {[...new Set(messages)].map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

function FormSection(props: {
  title: string;
  children: ReactNode;
  compact?: boolean;
  isNamedInReason?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`border-t border-slate-200 pt-3 first:border-t-0 ${props.isNamedInReason ? '-ml-4 border-l-4 border-l-amber-500 pl-3' : ''}`}
    >
      <h3
        id={headingId}
        className="mb-2 flex flex-wrap items-baseline gap-2 text-xs font-bold tracking-wide text-navy-700 uppercase"
      >
        {props.title}
        {props.isNamedInReason && (
          <span className="font-semibold tracking-normal text-amber-900 normal-case">
            Named in the engine’s reason
          </span>
        )}
      </h3>
      <div className={props.compact ? 'grid grid-cols-2 gap-x-3 gap-y-2' : 'flex flex-col gap-4'}>
        {props.children}
      </div>
    </section>
  );
}

/**
 * The strategy form, generated from the style's form options: each option drawn by its value
 * type at its place, the options of a choice not taken left out, and every message of the
 * contract's rules beside the field it concerns. The client's tax data comes first, compact,
 * since every figure the engine returns depends on it.
 */
export function StrategyForm(props: {
  options: readonly FormOption[];
  draft: StrategyDraft;
  errors: DraftErrors;
  taxExempt: boolean;
  /** The engine's reason the strategy cannot be built, if it gave one. */
  failure?: string | null;
  onChange(option: FormOption, value: unknown): void;
  onTaxExemptChange(taxExempt: boolean): void;
}) {
  const { draft, errors } = props;
  const shown = activeOptions(props.options, draft);
  const loose = looseMessages(shown, errors);
  const control = (option: FormOption, compact = false) => (
    <OptionControl
      key={option.payload_field_name}
      option={option}
      value={readAt(draft, option.payload_field_name)}
      limits={limitsOf(props.options, draft, option)}
      errors={messagesOf(option, errors)}
      compact={compact}
      onChange={(value) => props.onChange(option, value)}
    />
  );
  const taxData = shown.filter((option) => sectionOf(option.payload_field_name) === TAX_DATA_FIELD);
  const titles = [...SECTIONS.map((section) => section.title), OTHER_SECTION];
  const taxExemptId = useId();
  const named = new Set(props.failure ? sectionsNamedIn(props.failure) : []);
  return (
    <div className="flex flex-col gap-4">
      {taxData.length > 0 && (
        <FormSection title="Client tax data" compact>
          {taxData.map((option) => control(option, true))}
          <label
            htmlFor={taxExemptId}
            className="col-span-2 flex items-center gap-2 text-sm text-slate-800"
          >
            <input
              id={taxExemptId}
              type="checkbox"
              className="size-4 accent-navy-700"
              checked={props.taxExempt}
              onChange={(event) => props.onTaxExemptChange(event.target.checked)}
            />
            Tax-exempt account
          </label>
          <div className="col-span-2">
            <Messages messages={loose.get(TAX_DATA_FIELD)} />
          </div>
        </FormSection>
      )}
      {titles.map((title) => {
        const inSection = shown.filter((option) => sectionOf(option.payload_field_name) === title);
        if (inSection.length === 0 && !loose.has(title)) return null;
        return (
          <FormSection key={title} title={title} isNamedInReason={named.has(title)}>
            <Messages messages={loose.get(title)} />
            {inSection.map((option) => control(option))}
          </FormSection>
        );
      })}
    </div>
  );
}
