import {
  addStrategyCatalogueEntry,
  listStrategyCatalogue,
  replaceStrategyCatalogueEntry,
  type StrategyCatalogueEntryInput,
  type StrategyStatus,
  type StrategyStyle,
} from '@ballast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { useApi } from './session-context.tsx';

/** The firm's strategy catalogue (decision 022), by style and status when given. */
export function useStrategyCatalogue(
  filter: { style?: StrategyStyle | undefined; status?: StrategyStatus | undefined } = {},
) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.strategyCatalogueView(filter.style, filter.status),
    queryFn: () =>
      api.request(listStrategyCatalogue, {
        query: {
          ...(filter.style ? { strategy_style: filter.style } : {}),
          ...(filter.status ? { status: filter.status } : {}),
        },
      }),
  });
}

/** Adds an entry, or replaces the one named by `id`; every view of the catalogue refreshes. */
export function useSaveCatalogueEntry() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, entry }: { id: string | null; entry: StrategyCatalogueEntryInput }) =>
      id === null
        ? api.request(addStrategyCatalogueEntry, { body: entry })
        : api.request(replaceStrategyCatalogueEntry, { params: { id }, body: entry }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.strategyCatalogue }),
  });
}
