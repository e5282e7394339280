import { FIRM_USER_CACHE_TIME_MS, getFirm, getFirmLogo, getSelfAdvisor } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ApiError } from './api-error.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session-context.tsx';

/** Product §2: the user and logo lookups run only for a complete session outside /auth. */
function useFirmLookupsEnabled(): boolean {
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();
  return isAuthenticated && !pathname.startsWith('/auth');
}

/**
 * The signed-in advisor, always refetched (cache and stale time 0). The header's lookup is the
 * one that fetches; another component passes `{ refetchOnMount: false }` to read its answer
 * without asking the api again.
 */
export function useCurrentAdvisor(options: { refetchOnMount?: boolean } = {}) {
  const { api } = useSession();
  return useQuery({
    queryKey: queryKeys.currentAdvisor,
    queryFn: () => api.request(getSelfAdvisor),
    enabled: useFirmLookupsEnabled(),
    gcTime: FIRM_USER_CACHE_TIME_MS,
    staleTime: FIRM_USER_CACHE_TIME_MS,
    ...options,
  });
}

/** The firm's logo image, or null when the firm has none. */
export function useFirmLogo(firmId: string | undefined) {
  const { api } = useSession();
  const enabled = useFirmLookupsEnabled();
  return useQuery({
    queryKey: queryKeys.firmLogo(firmId),
    queryFn: async () => {
      try {
        return await api.request(getFirmLogo, { params: { id: firmId ?? '' } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && firmId !== undefined,
    gcTime: FIRM_USER_CACHE_TIME_MS,
    staleTime: FIRM_USER_CACHE_TIME_MS,
  });
}

/**
 * The signed-in user's firm: its name, support contacts and whether it has a logo (decision 022).
 * Fetched afresh like the user, since an administrator may have just changed it.
 */
export function useFirm(firmId: string | undefined) {
  const { api } = useSession();
  const enabled = useFirmLookupsEnabled();
  return useQuery({
    queryKey: queryKeys.firmProfile(firmId),
    queryFn: () => api.request(getFirm, { params: { id: firmId ?? '' } }),
    enabled: enabled && firmId !== undefined,
    gcTime: FIRM_USER_CACHE_TIME_MS,
    staleTime: FIRM_USER_CACHE_TIME_MS,
  });
}
