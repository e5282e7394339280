/** Every route of the app, once (product §2, plus the portfolio detail). */
export const paths = {
  home: '/',
  login: '/auth/login',
  logout: '/auth/logout',
  resetPassword: '/auth/reset-password',
  /** A first sign-in without a password or passkey chooses one here (decision 022). */
  setUpSignIn: '/auth/set-up',
  compare: '/portfolio/compare',
  /**
   * Compare, with a strategy carried over from Build beside the current strategy of the
   * portfolio Build was changing, if any (decision 018).
   */
  compareFromBuild: (strategy: object, portfolioId: string | null) => {
    const search = new URLSearchParams();
    if (portfolioId) search.set('portfolio', portfolioId);
    search.set('strategy', JSON.stringify(strategy));
    return `/portfolio/compare?${search}`;
  },
  build: '/portfolio/build',
  /** Build, starting from a portfolio's current strategy, to request a change of it. */
  buildFromPortfolio: (portfolioId: string) =>
    `/portfolio/build?portfolio=${encodeURIComponent(portfolioId)}`,
  monitor: '/monitor',
  /** The back-office queue of open requests (OPERATIONS and ADMINISTRATOR). */
  operations: '/operations',
  /** Firm administration (ADMINISTRATOR), at one of its sections; without one, at its first. */
  admin: (section?: string) => (section ? `/admin/${section}` : '/admin'),
  portfolio: (portfolioId: string) => `/portfolio/${encodeURIComponent(portfolioId)}`,
  /** Account opening: its first step, before the application exists. */
  onboarding: '/onboarding',
  /** Account opening, taking the strategy Build saved for a new account. */
  onboardingFromBuild: '/onboarding?strategy=build',
  /** An application, at a step; without one it resumes where the advisor left it. */
  onboardingStep: (portfolioId: string, step?: string) =>
    `/onboarding/${encodeURIComponent(portfolioId)}${step ? `/${step}` : ''}`,
} as const;

export const PRODUCT_NAME = 'Ballast';
