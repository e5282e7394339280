import type { FormOption, FormOptions, PortfolioDetail, StrategyInput } from '@ballast/contract';
import { useEffect, useMemo } from 'react';
import { SimulationResults } from '../../components/strategy-form/simulation-results.tsx';
import { StrategyForm } from '../../components/strategy-form/strategy-form.tsx';
import { useStrategyDraft } from '../../components/strategy-form/use-strategy-draft.ts';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import {
  canonicalJson,
  defaultDraft,
  defaultStrategy,
  draftOf,
  type StrategyDraft,
} from '../../lib/strategy-draft.ts';
import { useSimulation } from '../../lib/use-simulation.ts';
import { buildSearch, draftFromSearch, STYLE_PARAM, TAX_EXEMPT_PARAM } from './build-address.ts';
import { StrategyActions } from './strategy-actions.tsx';
import { StrategyChangeImpact } from './strategy-change-impact.tsx';

/** The strategy's content as one comparable text; the server's timestamp is not part of it. */
function strategyKey(strategy: StrategyInput | PortfolioDetail['current_strategy']): string | null {
  if (!strategy) return null;
  const { style, strategy: body, tax_data } = strategy;
  return canonicalJson({ style, strategy: body, tax_data });
}

/**
 * Where the build starts: the address when it names a style (a reload, a shared link), else the
 * portfolio's current strategy when Build was opened to change it, else the style's defaults.
 */
function startingDraft(
  style: string,
  options: readonly FormOption[],
  search: URLSearchParams,
  current: PortfolioDetail['current_strategy'],
): StrategyDraft {
  if (search.has(STYLE_PARAM)) return draftFromSearch(style, options, search);
  if (current && current.style === style) return draftOf(current);
  return defaultDraft(style, options);
}

/** One line on where the results stand, read out as it changes. */
function statusOf(
  isValid: boolean,
  simulation: Pick<
    ReturnType<typeof useSimulation>,
    'isWorking' | 'isCurrent' | 'isShowingDefault' | 'failure' | 'error'
  >,
): string {
  if (!isValid) return 'Fix the options marked to simulate this strategy.';
  if (simulation.failure)
    return 'No portfolio meets this strategy: the engine’s reason is beside the options.';
  if (simulation.error) return 'The strategy could not be simulated.';
  if (simulation.isWorking) return 'Simulating…';
  if (!simulation.isCurrent) return '';
  return simulation.isShowingDefault ? 'The style’s default strategy, simulated.' : 'Simulated.';
}

function WorkingBar({ isWorking }: { isWorking: boolean }) {
  return (
    <div className="h-1 overflow-hidden rounded bg-slate-200" aria-hidden="true">
      {isWorking && <div className="h-full w-full animate-pulse rounded bg-navy-600" />}
    </div>
  );
}

/**
 * One build: the form generated from the style's options beside the simulated results. Each
 * change is checked by the contract's rules, written to the address, and, when the strategy
 * keeps them, simulated a moment later; the last results stay on screen, dimmed, meanwhile.
 */
export function BuildWorkspace(props: {
  formOptions: FormOptions;
  search: URLSearchParams;
  portfolio: PortfolioDetail | null;
  onAddress(search: URLSearchParams): void;
}) {
  const { formOptions, portfolio, onAddress } = props;
  const style = formOptions.name;
  const options = formOptions.options;
  const build = useStrategyDraft(options, () => ({
    draft: startingDraft(style, options, props.search, portfolio?.current_strategy ?? null),
    taxExempt: props.search.get(TAX_EXEMPT_PARAM) === 'true',
  }));
  const { draft, taxExempt, strategy } = build;
  const defaultKey = useMemo(() => {
    const defaults = defaultStrategy(formOptions);
    return defaults ? canonicalJson(defaults) : '';
  }, [formOptions]);
  const simulation = useSimulation({
    strategy,
    defaultKey,
    defaultHash: formOptions.default_simulation_results[0]?.simulation_hash,
  });

  const portfolioId = portfolio?.id ?? null;
  useEffect(() => {
    onAddress(buildSearch({ draft, formOptions: options, portfolioId, taxExempt }));
  }, [draft, options, portfolioId, taxExempt, onAddress]);

  const status = statusOf(strategy !== null, simulation);
  return (
    <div className="grid items-start gap-3 lg:grid-cols-[minmax(22rem,26rem)_minmax(0,1fr)]">
      <section
        aria-label="Strategy options"
        className="rounded-lg border border-slate-200 bg-white shadow-sm lg:sticky lg:top-3 lg:max-h-[calc(100vh-1.5rem)] lg:overflow-y-auto"
      >
        {simulation.failure && (
          <div
            role="alert"
            className="sticky top-0 z-10 border-b-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm"
          >
            <p className="font-semibold text-amber-950">The engine cannot build this strategy</p>
            <p className="text-slate-900">{simulation.failure}</p>
            <p className="mt-1 text-xs text-slate-700">
              Loosen one of the options it names, and the strategy is simulated again.
            </p>
          </div>
        )}
        <div className="p-4">
          <StrategyForm
            options={options}
            draft={draft}
            errors={build.errors}
            taxExempt={taxExempt}
            failure={simulation.failure}
            onChange={build.change}
            onTaxExemptChange={build.setTaxExempt}
          />
        </div>
      </section>
      <section aria-label="Simulated results" className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <div className="flex min-w-48 flex-1 flex-col gap-1.5">
            <p role="status" className="text-sm font-medium text-slate-800">
              {status}
            </p>
            <WorkingBar isWorking={simulation.isWorking} />
            {simulation.error && (
              <p role="alert" className="text-sm text-red-700">
                {simulation.error}
              </p>
            )}
          </div>
          <StrategyActions
            strategy={strategy}
            portfolio={portfolio}
            isPortfolioStrategy={
              strategy !== null &&
              strategyKey(strategy) === strategyKey(portfolio?.current_strategy ?? null)
            }
          />
        </div>
        {portfolio && (
          <StrategyChangeImpact
            portfolio={portfolio}
            proposed={simulation.shown?.result ?? null}
            isProposedCurrent={simulation.isCurrent}
          />
        )}
        {simulation.shown ? (
          <SimulationResults result={simulation.shown.result} dimmed={!simulation.isCurrent} />
        ) : (
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <LoadingBlock label="Simulating the strategy" rows={6} />
          </div>
        )}
      </section>
    </div>
  );
}
