import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFormOptions, useStrategyStyles } from '../../lib/use-strategy-styles.ts';
import { PORTFOLIO_PARAM, readBuildAddress, STYLE_PARAM } from './build-address.ts';
import { BuildWorkspace } from './build-workspace.tsx';
import { SavedStrategyLink } from './strategy-actions.tsx';
import { StylePicker } from './style-picker.tsx';
import { useChangedPortfolio } from './use-build-sources.ts';

function Failure(props: { text: string; error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-white p-4 shadow-sm">
      <p className="font-semibold text-red-800">{props.text}</p>
      <p className="text-sm text-slate-700">{errorMessage(props.error)}</p>
      <Button variant="secondary" className="mt-2" onClick={props.onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * /portfolio/build: design a strategy by simulation (product §2, workspace layout, no page
 * title). `?portfolio=<id>` opens it on that portfolio's current strategy to request a change;
 * `?style=` and one parameter per changed option restore a build.
 */
export default function BuildPage() {
  usePageTitle(undefined);
  const [search, setSearch] = useSearchParams();
  const address = readBuildAddress(search);
  const styles = useStrategyStyles();
  const portfolio = useChangedPortfolio(address.portfolioId);
  const current = portfolio.data?.current_strategy ?? null;
  const isPortfolioPending = address.portfolioId !== null && portfolio.isPending;
  const style = address.style ?? current?.style ?? styles.data?.[0]?.name ?? null;
  const formOptions = useFormOptions(isPortfolioPending ? null : style);

  // The workspace writes its build into the address as it changes; any other address (a link,
  // the style picker, back and forward) starts the build again from what the address says.
  const searchText = search.toString();
  const [written, setWritten] = useState<string | null>(null);
  const [seen, setSeen] = useState(searchText);
  const [generation, setGeneration] = useState(0);
  if (searchText !== seen) {
    setSeen(searchText);
    if (searchText !== written) setGeneration((count) => count + 1);
  }
  const onAddress = useCallback(
    (next: URLSearchParams) => {
      const current = new URLSearchParams(window.location.search).toString();
      // A navigation this page has not rendered yet (a link clicked while the build was being
      // written, back or forward) wins: the build restarts from it on the next render, so
      // writing the build now would replace the address the advisor just asked for.
      if (current !== seen || next.toString() === current) return;
      setWritten(next.toString());
      setSearch(next, { replace: true });
    },
    [seen, setSearch],
  );
  // Navigations render in a transition, which leaves a just-clicked style unchecked until the
  // new build has rendered; the choice must show at once, as the advisor made it.
  const restart = (next: URLSearchParams) => setSearch(next, { flushSync: true });

  return (
    <div className="flex flex-col gap-3">
      <h1 className="sr-only">Build a strategy</h1>
      {address.portfolioId !== null && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-navy-100 bg-navy-50 px-4 py-2">
          <p className="text-sm text-navy-900">
            {portfolio.data ? (
              <>
                Changing the strategy of{' '}
                <Link
                  to={paths.portfolio(portfolio.data.id)}
                  className="font-semibold text-navy-700 underline"
                >
                  {portfolio.data.client_name}
                </Link>
                {current ? '' : ': the portfolio has no strategy yet'}
              </>
            ) : portfolio.isError ? (
              `The portfolio could not be loaded: ${errorMessage(portfolio.error)}`
            ) : (
              'Loading the portfolio…'
            )}
          </p>
          {current && address.style !== null && (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() =>
                restart(new URLSearchParams({ [PORTFOLIO_PARAM]: address.portfolioId ?? '' }))
              }
            >
              Start again from the current strategy
            </Button>
          )}
        </div>
      )}
      {address.portfolioId === null && <SavedStrategyLink />}
      {styles.isError ? (
        <Failure
          text="The strategy styles could not be loaded."
          error={styles.error}
          onRetry={() => void styles.refetch()}
        />
      ) : (
        <StylePicker
          styles={styles.data ?? []}
          value={style}
          onChange={(name) => {
            const next = new URLSearchParams({ [STYLE_PARAM]: name });
            if (address.portfolioId) next.set(PORTFOLIO_PARAM, address.portfolioId);
            restart(next);
          }}
        />
      )}
      {formOptions.isError ? (
        <Failure
          text="The strategy form could not be loaded."
          error={formOptions.error}
          onRetry={() => void formOptions.refetch()}
        />
      ) : formOptions.data && formOptions.data.name === style ? (
        <BuildWorkspace
          key={`${style}:${generation}`}
          formOptions={formOptions.data}
          search={search}
          portfolio={portfolio.data ?? null}
          onAddress={onAddress}
        />
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <LoadingBlock label="Loading the strategy form" rows={8} />
        </div>
      )}
    </div>
  );
}
