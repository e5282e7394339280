import type { Session, User } from '@stytch/vanilla-js/headless';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { type ApiClient, createApiClient } from './api-client.ts';
import type { IdentityClient } from './identity-client.ts';
import type { RuntimeConfig } from './runtime-config.ts';
import { needsSecondFactor } from './session-claims.ts';

type FactorRecord = { type?: string; delivery_method?: string; impersonated_factor?: unknown };

export type SessionState = {
  config: RuntimeConfig;
  client: IdentityClient;
  api: ApiClient;
  session: Session | null;
  user: User | null;
  /** A session whose every enrolled factor is proved: the app may be used. */
  isAuthenticated: boolean;
  /** A first factor is proved but the user's authenticator code is still owed. */
  isAwaitingSecondFactor: boolean;
  /** An administrator signed in as this user with an impersonation token. */
  isImpersonated: boolean;
  /** Revokes the session (forced, so it ends here even if the service cannot be reached). */
  logout(): Promise<void>;
};

const SessionContext = createContext<SessionState | null>(null);

function readIdentity(client: IdentityClient) {
  return {
    session: client.session.getSync(),
    user: client.user.getSync(),
    jwt: client.session.getTokens()?.session_jwt,
  };
}

/**
 * Holds the sign-in client's session and user as React state, following the SDK's own change
 * events (which also carry changes made in other tabs), and builds the api client that sends
 * the session's JWT.
 */
export function SessionProvider(props: {
  config: RuntimeConfig;
  client: IdentityClient;
  children: ReactNode;
}) {
  const { config, client } = props;
  const queryClient = useQueryClient();
  const [identity, setIdentity] = useState(() => readIdentity(client));

  useEffect(() => {
    const update = () => setIdentity(readIdentity(client));
    const unsubscribeSession = client.session.onChange(update);
    const unsubscribeUser = client.user.onChange(update);
    update();
    return () => {
      unsubscribeSession();
      unsubscribeUser();
    };
  }, [client]);

  const api = useMemo(
    () =>
      createApiClient({
        baseUrl: config.apiUrl,
        getToken: () => client.session.getTokens()?.session_jwt,
        renewToken: async () => {
          if (!client.session.getSync()) return undefined;
          const renewed = await client.session.authenticate();
          return renewed.session_jwt;
        },
      }),
    [client, config.apiUrl],
  );

  const logout = useCallback(async () => {
    await client.session.revoke({ forceClear: true }).catch(() => undefined);
    queryClient.clear();
  }, [client, queryClient]);

  const value = useMemo<SessionState>(() => {
    const { session, user, jwt } = identity;
    const isAwaitingSecondFactor = session !== null && needsSecondFactor(jwt);
    const factors = (session?.authentication_factors ?? []) as FactorRecord[];
    return {
      config,
      client,
      api,
      session,
      user,
      isAuthenticated: session !== null && !isAwaitingSecondFactor,
      isAwaitingSecondFactor,
      isImpersonated: factors.some((factor) => factor.type === 'impersonated'),
      logout,
    };
  }, [identity, config, client, api, logout]);

  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession is used outside SessionProvider');
  return state;
}

/** The provider API client that carries the current session. */
export function useApi(): ApiClient {
  return useSession().api;
}
