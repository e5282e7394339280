import type { FormOptions, StrategyInput } from '@ballast/contract';
import { useEffect, useMemo, useState } from 'react';
import { SimulationResults } from '../../../components/strategy-form/simulation-results.tsx';
import { StrategyForm } from '../../../components/strategy-form/strategy-form.tsx';
import { useStrategyDraft } from '../../../components/strategy-form/use-strategy-draft.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { readNewAccountStrategy } from '../../../lib/new-account-strategy.ts';
import {
  canonicalJson,
  defaultDraft,
  defaultStrategy,
  draftOf,
} from '../../../lib/strategy-draft.ts';
import { useSimulation } from '../../../lib/use-simulation.ts';
import { useStrategyCatalogue } from '../../../lib/use-strategy-catalogue.ts';
import { useFormOptions } from '../../../lib/use-strategy-styles.ts';
import type { PlacedError } from '../open-errors.ts';
import { StepFrame, type StepNavigation } from '../step-frame.tsx';
import { CatalogueChoice } from './catalogue-choice.tsx';

/** Product §9: onboarding builds bond strategies. */
const ONBOARDING_STYLE = 'B';

/** Build's form and results for a bond strategy, each valid strategy handed up as it changes. */
function EmbeddedBuild(props: {
  formOptions: FormOptions;
  start: StrategyInput | null;
  onChange(strategy: StrategyInput): void;
}) {
  const { formOptions, onChange } = props;
  const options = formOptions.options;
  const build = useStrategyDraft(options, () => ({
    draft: props.start ? draftOf(props.start) : defaultDraft(ONBOARDING_STYLE, options),
    taxExempt: false,
  }));
  const defaultKey = useMemo(() => {
    const defaults = defaultStrategy(formOptions);
    return defaults ? canonicalJson(defaults) : '';
  }, [formOptions]);
  const simulation = useSimulation({
    strategy: build.strategy,
    defaultKey,
    defaultHash: formOptions.default_simulation_results[0]?.simulation_hash,
  });
  const key = build.strategy ? canonicalJson(build.strategy) : null;
  const { strategy } = build;
  // Handed up by content: each render makes the strategy object anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the strategy
  useEffect(() => {
    if (strategy) onChange(strategy);
  }, [key, onChange]);
  return (
    <div className="grid items-start gap-3 xl:grid-cols-[minmax(20rem,24rem)_minmax(0,1fr)]">
      <section
        aria-label="Strategy options"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        {simulation.failure && (
          <div role="alert" className="mb-3 border-l-4 border-amber-500 bg-amber-50 px-3 py-2">
            <p className="text-sm font-semibold text-amber-950">
              The engine cannot build this strategy
            </p>
            <p className="text-sm text-slate-900">{simulation.failure}</p>
          </div>
        )}
        <StrategyForm
          options={options}
          draft={build.draft}
          errors={build.errors}
          taxExempt={build.taxExempt}
          failure={simulation.failure}
          onChange={build.change}
          onTaxExemptChange={build.setTaxExempt}
        />
      </section>
      <section aria-label="Simulated results" className="flex min-w-0 flex-col gap-3">
        <p role="status" className="text-sm text-slate-800">
          {build.strategy === null
            ? 'Fix the options marked to simulate this strategy.'
            : simulation.isWorking
              ? 'Simulating…'
              : simulation.isCurrent
                ? 'Simulated.'
                : ''}
        </p>
        {simulation.error && (
          <p role="alert" className="text-sm text-red-700">
            {simulation.error}
          </p>
        )}
        {simulation.shown ? (
          <SimulationResults result={simulation.shown.result} dimmed={!simulation.isCurrent} />
        ) : (
          <LoadingBlock label="Simulating the strategy" rows={6} />
        )}
      </section>
    </div>
  );
}

/** A strategy of another style carried over from Build: shown as it is, kept unless replaced. */
function CarriedStrategy(props: { strategy: StrategyInput; onReplace(): void }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-4 text-sm">
      <p className="font-medium text-slate-900">
        The strategy carried over from Build (style {props.strategy.style}) is the account’s
        strategy.
      </p>
      <p className="text-slate-700">
        Initial investment{' '}
        {props.strategy.tax_data.initial_investment_amount.toLocaleString('en-US')} · tax rate{' '}
        {props.strategy.tax_data.tax_rate}%
      </p>
      <Button variant="secondary" className="self-start" onClick={props.onReplace}>
        Build a bond strategy here instead
      </Button>
    </div>
  );
}

/**
 * The account's strategy: Build's bond form and its simulated results, starting from the
 * application's strategy, else the firm's default bond strategy in its catalogue (decision
 * 022), else the style's own default; or, when asked, a catalogue strategy or the one saved in
 * Build for a new account.
 */
export function StrategyStep(props: {
  value: StrategyInput | null;
  onChange(strategy: StrategyInput): void;
  navigation: StepNavigation;
  errors?: readonly PlacedError[];
}) {
  const formOptions = useFormOptions(ONBOARDING_STYLE);
  const catalogue = useStrategyCatalogue({ style: ONBOARDING_STYLE, status: 'A' });
  const [start, setStart] = useState<{ strategy: StrategyInput | null; version: number }>({
    strategy: props.value,
    version: 0,
  });
  // A new application waits for the catalogue, so the form opens once, on the firm's default.
  const awaitsCatalogue = start.version === 0 && start.strategy === null && catalogue.isPending;
  const firmDefault = catalogue.data?.find((entry) => entry.is_default)?.strategy ?? null;
  const startFrom = (strategy: StrategyInput) => {
    props.onChange(strategy);
    setStart((current) => ({ strategy, version: current.version + 1 }));
  };
  const saved = readNewAccountStrategy();
  const isCarried = start.strategy !== null && start.strategy.style !== ONBOARDING_STYLE;
  const savedIsShown =
    saved !== null &&
    props.value !== null &&
    canonicalJson(saved.strategy) === canonicalJson(props.value);
  return (
    <StepFrame
      step="strategy"
      navigation={props.navigation}
      errors={props.errors}
      isBusy={props.value === null}
      intro="The strategy the account will follow, simulated as you change it."
    >
      {saved && !savedIsShown && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
          <span>
            A strategy was saved in Build for a new account ({formatDate(saved.saved_at)}).
          </span>
          <Button variant="secondary" onClick={() => startFrom(saved.strategy)}>
            Use the strategy saved in Build
          </Button>
        </div>
      )}
      <CatalogueChoice
        entries={catalogue.data ?? []}
        onChoose={(entry) => startFrom(entry.strategy)}
      />
      {isCarried && start.strategy ? (
        <CarriedStrategy
          strategy={start.strategy}
          onReplace={() =>
            setStart((current) => ({ strategy: null, version: current.version + 1 }))
          }
        />
      ) : formOptions.data && !awaitsCatalogue ? (
        <EmbeddedBuild
          key={start.version}
          formOptions={formOptions.data}
          start={start.version === 0 ? (start.strategy ?? firmDefault) : start.strategy}
          onChange={props.onChange}
        />
      ) : formOptions.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(formOptions.error)}
        </p>
      ) : (
        <LoadingBlock label="Loading the strategy form" rows={6} />
      )}
    </StepFrame>
  );
}
