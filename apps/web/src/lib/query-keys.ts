/**
 * Every key the query cache is read and invalidated by. Keys that start alike are refreshed
 * together: invalidating `portfolios` reaches the list and every detail query, since a request
 * made on the detail screen changes the portfolio's status in the list.
 */
const portfolios = ['portfolios'] as const;

export const queryKeys = {
  portfolios,
  portfolioList: (status: string | null) => [...portfolios, 'list', status ?? 'ALL'] as const,
  portfolio: (id: string) => [...portfolios, id] as const,
  portfolioActions: (id: string) => [...portfolios, id, 'actions'] as const,
  // An application's saved inputs, under the portfolio so that opening it refreshes both.
  onboardingInputs: (id: string) => [...portfolios, id, 'inputs'] as const,
  returnBridges: (id: string) => [...portfolios, id, 'returns', 'bridges'] as const,
  portfolioHistory: (id: string, series: string, start: string | undefined) =>
    [...portfolios, id, 'history', series, start ?? 'all'] as const,
  // Under `portfolios`, so that answering or deleting anywhere refreshes the monitor too.
  monitorRequests: [...portfolios, 'monitor', 'requests'] as const,
  monitorAlerts: [...portfolios, 'monitor', 'alerts'] as const,
  portfolioDocuments: (id: string, kind: string, offset: number) =>
    [...portfolios, id, kind, offset] as const,
  strategyStyles: ['strategy-styles'] as const,
  strategyFormOptions: (style: string) => ['strategy-styles', style, 'form-options'] as const,
  // A run is named by the hash of its request, so its result never changes once it is there.
  simulationResult: (hash: string) => ['simulation-results', hash] as const,
  // Asking to simulate a strategy is idempotent: the api answers the same run for the same one,
  // so Build and Compare share a strategy's result by its canonical JSON.
  simulationRun: (strategy: string) => ['simulation-runs', strategy] as const,
  // Every page of the operations queue, refreshed together after any move.
  actionQueue: ['action-queue'] as const,
  actionQueuePage: (offset: number) => ['action-queue', offset] as const,
  currentAdvisor: ['advisors', 'self'] as const,
  activeAdvisors: ['advisors', 'list', 'ACTIVE'] as const,
  // Under the firm, so that a logo change refreshes the header's image and the firm together.
  firm: (firmId: string | undefined) => ['firms', firmId] as const,
  firmProfile: (firmId: string | undefined) => ['firms', firmId, 'profile'] as const,
  firmLogo: (firmId: string | undefined) => ['firms', firmId, 'logo'] as const,
  firmUsers: (firmId: string) => ['firms', firmId, 'users'] as const,
  signInPolicy: (firmId: string) => ['firms', firmId, 'sign-in-policy'] as const,
  auditEvents: (firmId: string) => ['firms', firmId, 'audit-events'] as const,
  auditEventsPage: (firmId: string, offset: number) =>
    ['firms', firmId, 'audit-events', offset] as const,
  custodians: ['custodians'] as const,
  // Outside `portfolios`: its own answer is what refreshes them as the valuation goes on.
  valuationProgress: ['valuation-progress'] as const,
  activeCustodians: ['custodians', 'A'] as const,
  comparer: (strategyJson: string) => ['comparer', strategyJson] as const,
  // Every filtered view of the catalogue, refreshed together after any change to it.
  strategyCatalogue: ['strategy-catalogue'] as const,
  strategyCatalogueView: (style: string | undefined, status: string | undefined) =>
    ['strategy-catalogue', style ?? 'all', status ?? 'all'] as const,
};
