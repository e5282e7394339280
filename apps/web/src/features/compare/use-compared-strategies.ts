import {
  getPortfolio,
  listPortfolios,
  type StrategyInput,
  StrategyInputSchema,
} from '@ballast/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-error.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { useStrategyStyles } from '../../lib/use-strategy-styles.ts';
import type { StrategySource } from './compare-address.ts';
import { describeStrategy } from './describe-strategy.ts';

/** A compared strategy as its column heads it: a name, a line about it, and the strategy. */
export type ComparedStrategy = {
  name: string;
  description: string;
  strategy: StrategyInput | undefined;
  isPending: boolean;
  /** Why there is no strategy to simulate. */
  problem: string | undefined;
};

/** The user's portfolios (product §7 `GET /portfolios`), for picking one's current strategy. */
export function usePortfolioChoices() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolioList(null),
    queryFn: () => api.request(listPortfolios, { query: {} }),
  });
}

/** Each source read into the strategy it names: a portfolio's is in its detail. */
export function useComparedStrategies(sources: readonly StrategySource[]): ComparedStrategy[] {
  const api = useApi();
  const styles = useStrategyStyles();
  const portfolios = useQueries({
    queries: sources.map((source) => {
      const id = source.kind === 'portfolio' ? source.portfolioId : '';
      return {
        queryKey: queryKeys.portfolio(id),
        queryFn: () => api.request(getPortfolio, { params: { id } }),
        enabled: source.kind === 'portfolio',
      };
    }),
  });
  const styleName = (style: string) =>
    styles.data?.find((item) => item.name === style)?.summary ?? `Style ${style}`;

  return sources.map((source, index) => {
    if (source.kind === 'strategy') {
      return {
        name: `New ${styleName(source.strategy.style).toLowerCase()} strategy`,
        description: describeStrategy(source.strategy),
        strategy: source.strategy,
        isPending: false,
        problem: undefined,
      };
    }
    const detail = portfolios[index];
    if (!detail || detail.isPending) {
      return {
        name: 'Portfolio',
        description: '',
        strategy: undefined,
        isPending: true,
        problem: undefined,
      };
    }
    if (detail.isError) {
      return {
        name: 'Portfolio',
        description: '',
        strategy: undefined,
        isPending: false,
        problem: errorMessage(detail.error),
      };
    }
    const current = detail.data.current_strategy;
    // As a request carries it: the contract drops the server-set `created_at`.
    const parsed = current ? StrategyInputSchema.safeParse(current) : undefined;
    const strategy = parsed?.success ? parsed.data : undefined;
    return {
      name: detail.data.client_name,
      description: strategy ? describeStrategy(strategy) : '',
      strategy,
      isPending: false,
      problem: strategy ? undefined : 'This portfolio has no strategy yet.',
    };
  });
}
