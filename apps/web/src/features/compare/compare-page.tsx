import type { BondStrategyInput } from '@ballast/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { runFailureReason, useSimulations } from '../../lib/use-simulation.ts';
import { AddStrategy } from './add-strategy.tsx';
import {
  type Comparison,
  comparisonFromSearch,
  comparisonToSearch,
  MAX_STRATEGIES,
  MIN_STRATEGIES,
  type StrategySource,
} from './compare-address.ts';
import { BalanceChart, COLUMN_STYLES, RateShockChart } from './compare-charts.tsx';
import { ComparerGrid } from './comparer-grid.tsx';
import { FiguresTable } from './figures-table.tsx';
import { FullResults } from './full-results.tsx';
import { OpenInBuild } from './open-in-build.tsx';
import { type ComparedStrategy, useComparedStrategies } from './use-compared-strategies.ts';

const LETTERS = ['A', 'B', 'C', 'D'] as const;

/**
 * Product §2 compare screen (workspace layout, no page title): two to four strategies simulated
 * side by side, and the comparer of one bond strategy. Everything compared lives in the address,
 * so a link restores the comparison.
 */
async function copyLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    notify({ text: 'Link to this comparison copied.', theme: 'success' });
  } catch {
    notify({ text: 'The link could not be copied; copy it from the address bar.', theme: 'error' });
  }
}

export default function ComparePage() {
  usePageTitle(undefined);
  const [search, setSearch] = useSearchParams();
  const { comparison, dropped } = useMemo(() => comparisonFromSearch(search), [search]);
  // Controls read the address, and navigations render in a transition: without flushSync a
  // choice would show only once the whole comparison had rendered again.
  const update = (change: Partial<Comparison>) =>
    setSearch(comparisonToSearch({ ...comparison, ...change }), { flushSync: true });

  const strategies = useComparedStrategies(comparison.sources);
  const simulations = useSimulations(strategies.map((item) => item.strategy));
  const columns = strategies.map((item, index) => ({
    letter: LETTERS[index] ?? String(index + 1),
    name: item.name,
    result: simulations[index]?.data,
  }));

  const add = (source: StrategySource) => update({ sources: [...comparison.sources, source] });
  const remove = (index: number) =>
    update({
      sources: comparison.sources.filter((_, at) => at !== index),
      comparerOf:
        comparison.comparerOf === null || comparison.comparerOf === index
          ? null
          : comparison.comparerOf > index
            ? comparison.comparerOf - 1
            : comparison.comparerOf,
    });
  const comparerStrategy =
    comparison.comparerOf === null ? undefined : strategies[comparison.comparerOf];
  const comparerBond =
    comparerStrategy?.strategy?.style === 'B'
      ? (comparerStrategy.strategy as BondStrategyInput)
      : undefined;
  const enough = comparison.sources.length >= MIN_STRATEGIES;

  return (
    <div className="mx-auto flex w-full max-w-[96rem] flex-col gap-3">
      <h1 className="sr-only">Compare strategies</h1>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          Each strategy is simulated for today on the same market. This page's address holds the
          comparison: share it to show the same columns.
        </p>
        <Button variant="secondary" className="px-3 py-1.5" onClick={copyLink}>
          Copy link to this comparison
        </Button>
      </div>
      {dropped > 0 && (
        <p role="alert" className="rounded border border-amber-500 bg-amber-50 p-3 text-sm">
          {dropped === 1 ? 'One strategy' : `${dropped} strategies`} in this link could not be read
          and {dropped === 1 ? 'was' : 'were'} left out.
        </p>
      )}
      <StrategyHeads
        strategies={strategies}
        simulations={simulations}
        comparerOf={comparison.comparerOf}
        onRemove={remove}
        onCompare={(index) => update({ comparerOf: index })}
      />
      <AddStrategy onAdd={add} disabled={comparison.sources.length >= MAX_STRATEGIES} />
      {!enough && (
        <p className="rounded border border-slate-200 bg-white p-3 text-sm text-slate-700">
          Add {comparison.sources.length === 0 ? 'two strategies' : 'one more strategy'} to see them
          side by side: a portfolio's current strategy, or a new one from a style. Up to{' '}
          {MAX_STRATEGIES} can be compared.
        </p>
      )}
      {enough && (
        <>
          <SectionCard title="Figures side by side">
            <FiguresTable columns={columns} />
          </SectionCard>
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            <SectionCard title="Balance over the window">
              <BalanceChart columns={columns} />
            </SectionCard>
            <SectionCard title="Rate shock">
              <RateShockChart columns={columns} />
            </SectionCard>
          </div>
        </>
      )}
      {comparison.comparerOf !== null && (
        <SectionCard
          title={`Comparer: ${LETTERS[comparison.comparerOf]}, ${comparerStrategy?.name ?? ''}`}
          actions={
            <Button variant="ghost" onClick={() => update({ comparerOf: null })}>
              Close comparer
            </Button>
          }
        >
          {comparerBond ? (
            <ComparerGrid
              strategy={comparerBond}
              goal={comparison.goal}
              onGoalChange={(goal) => update({ goal })}
            />
          ) : (
            <p className="text-sm text-slate-700">
              {comparerStrategy?.isPending
                ? 'Loading the strategy…'
                : 'The comparer takes a bond strategy.'}
            </p>
          )}
        </SectionCard>
      )}
      {enough && (
        <SectionCard title="Full results">
          <FullResults columns={columns} />
        </SectionCard>
      )}
    </div>
  );
}

function StrategyHeads(props: {
  strategies: ComparedStrategy[];
  simulations: ReturnType<typeof useSimulations>;
  comparerOf: number | null;
  onRemove(index: number): void;
  onCompare(index: number): void;
}) {
  if (props.strategies.length === 0) return null;
  return (
    <ol
      aria-label="Compared strategies"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4"
    >
      {props.strategies.map((item, index) => {
        const letter = LETTERS[index] ?? String(index + 1);
        const simulation = props.simulations[index];
        const style = COLUMN_STYLES[index] ?? COLUMN_STYLES[0];
        const status = item.problem
          ? item.problem
          : item.isPending || simulation?.isPending
            ? 'Simulating…'
            : simulation?.isError
              ? `Could not be simulated: ${runFailureReason(simulation.error) ?? errorMessage(simulation.error)}`
              : 'Simulated for today';
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place; the same strategy may be compared twice
            key={index}
            aria-label={`${letter}: ${item.name}`}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 border-t-4 bg-white p-3 shadow-sm"
            style={{ borderTopColor: style.color }}
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-bold text-navy-800">
                <span className="mr-1" style={{ color: style.color }}>
                  {letter}
                </span>
                {item.name}
              </p>
              <Button
                variant="ghost"
                className="shrink-0 px-2 py-1 text-xs"
                aria-label={`Remove ${letter}, ${item.name}`}
                onClick={() => props.onRemove(index)}
              >
                Remove
              </Button>
            </div>
            <p className="text-xs text-slate-700">{item.description}</p>
            <p
              role="status"
              className={`text-xs ${simulation?.isError || item.problem ? 'text-red-700' : 'text-slate-700'}`}
            >
              {status}
            </p>
            <div className="mt-auto flex flex-wrap gap-2">
              {item.strategy && <OpenInBuild strategy={item.strategy} what={letter} />}
              {item.strategy?.style === 'B' && props.comparerOf !== index && (
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  onClick={() => props.onCompare(index)}
                  aria-label={`Run the comparer on ${letter}`}
                >
                  Run the comparer
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
