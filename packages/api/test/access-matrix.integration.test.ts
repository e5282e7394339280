/**
 * Every call of the route table, checked for who may reach it: nobody without a session (401),
 * nobody of another firm whatever their role, or an advisor outside the portfolio, even with a
 * valid request (404, so an id of another firm reveals nothing), and nobody of the firm but an
 * administrator to run the firm (403). The matrix comes from the route table, so a new call is
 * covered as soon as it is declared.
 */
import { ADVISOR_ROLES, type AdvisorRole, type AnyRoute, routes } from '@ballast/contract';
import {
  makeBondStrategyInput,
  makeClientData,
  makeCustodianInput,
  makePortfolioInputs,
} from '@ballast/contract/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionBody, accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';

const catalogueEntry = {
  name: 'Core municipal',
  product: 'CM-1',
  description: '',
  status: 'A',
  strategy: makeBondStrategyInput(),
  is_default: false,
};

/** A request each call would accept from someone allowed to make it. */
function validBody(route: AnyRoute, portfolioId: string, advisorId: string): unknown {
  const bodies: Record<string, unknown> = {
    createPortfolio: {},
    replacePortfolioInputs: makePortfolioInputs(),
    updatePortfolioInputs: {},
    openPortfolio: { action_payload: {} },
    closePortfolio: { action_payload: {} },
    requestDeposit: { action_payload: { cash: 1000 } },
    requestWithdrawal: { action_payload: { cash: 1000 } },
    setUserDnt: { action_payload: { set_user_dnt: true } },
    updateClientDetail: { action_payload: makeClientData() },
    updateCustodian: { action_payload: [makeCustodianInput()] },
    updateStrategy: { action_payload: makeBondStrategyInput() },
    replacePortfolioAction: { state: 'PENDING' },
    updatePortfolioAction: { state: 'PENDING' },
    submitPortfolioActionResponse: { action_type: 'OPEN-ACCOUNT', action_payload: {} },
    savePortfolioHoldings: { portfolio_id: portfolioId, lots: [] },
    simulatePortfolio: { strategy: makeBondStrategyInput(), time_windows: ['today'] },
    runComparer: {
      strategy: (({ style, strategy, tax_data }) => ({
        style,
        strategy: { assets: strategy.assets },
        tax_data,
      }))(makeBondStrategyInput()),
      time_windows: ['today'],
    },
    addStrategyCatalogueEntry: catalogueEntry,
    replaceStrategyCatalogueEntry: catalogueEntry,
    updateAdvisor: {
      first_name: 'Eve',
      middle_name: '',
      last_name: 'Intruder',
      email: 'eve@example.com',
      phone: '',
      address: '',
      address2: '',
      city: '',
      state: 'NY',
      zip_code: '',
      status: 'ACTIVE',
      role: 'ADVISOR',
      email_notification: true,
    },
    updateFirm: { name: 'Intruders', support_phone: '', support_email: '' },
    inviteFirmUser: {
      email: 'eve.invited@example.com',
      first_name: 'Eve',
      last_name: 'Intruder',
      role: 'ADMINISTRATOR',
    },
    changeFirmUser: { role: 'ADMINISTRATOR' },
    reassignPortfolios: { to_advisor: advisorId },
    changeCustodian: { product: 'X', description: 'X', status: 'I' },
    replaceSignInPolicy: { methods: ['password'], second_factor_roles: [], session_minutes: 60 },
  };
  return bodies[route.id];
}

/** A query each call would accept, for the calls that need one. */
const NOT_ADMINISTRATORS = ADVISOR_ROLES.filter((role) => role !== 'ADMINISTRATOR');

const QUERIES: Record<string, string> = {
  exportTransactions: '?from=2026-01-01&to=2026-12-31',
  exportTaxLots: '?year=2026',
  exportFirmTransitions: '?from=2026-01-01&to=2026-12-31',
  exportFirmLedger: '?from=2026-01-01&to=2026-12-31',
};

describe('access to every call', () => {
  const api = useApi();
  let owner: SignedIn;
  // One user of every role in another firm: none of them may reach this firm's records.
  const strangers = new Map<AdvisorRole, SignedIn>();
  // And one of every role but the administrator in this firm, for the firm's administration.
  const firmUsers = new Map<AdvisorRole, SignedIn>();
  let colleague: SignedIn;
  let portfolioId: string;
  let custodianId: string;
  let action: ActionBody;

  beforeAll(async () => {
    const firmId = await api.createFirm();
    owner = await api.signIn('ADVISOR', { firmId });
    colleague = await api.signIn('ADVISOR', { firmId });
    for (const role of NOT_ADMINISTRATORS) {
      firmUsers.set(role, role === 'ADVISOR' ? owner : await api.signIn(role, { firmId }));
    }
    const otherFirmId = await api.createFirm();
    for (const role of ADVISOR_ROLES) {
      strangers.set(role, await api.signIn(role, { firmId: otherFirmId }));
    }
    const submitted = await accountSteps(api).submitted(owner);
    portfolioId = submitted.id;
    action = submitted.open;
    const custodians = await api.call(owner, { method: 'GET', url: '/custodians' });
    custodianId = (custodians.json() as { id: string }[])[0]?.id ?? '';
  });

  const bodyOf = (route: AnyRoute) => validBody(route, portfolioId, colleague.advisorId);

  /** The call's URL for this firm's records, or, `missing`, for ids that name nothing at all. */
  function urlOf(route: AnyRoute, missing = false): string {
    const id = route.path.startsWith('/advisors/')
      ? owner.advisorId
      : route.path.startsWith('/firms/')
        ? owner.firmId
        : route.path.startsWith('/custodians/')
          ? custodianId
          : portfolioId;
    const or = (known: string) => (missing ? crypto.randomUUID() : known);
    return route.path
      .replace('{id}', or(id))
      .replace('{advisor_id}', or(owner.advisorId))
      .replace('{action_id}', or(action.id))
      .replace('{report_id}', crypto.randomUUID())
      .replace('{name}', 'B')
      .replace('{result_hash}', 'a'.repeat(64))
      .concat(QUERIES[route.id] ?? '');
  }

  const protectedRoutes = routes.filter((route) => route.id !== 'getHealth');

  it.each(protectedRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses a caller without a session (401)',
    async (_name, route) => {
      const response = await api.call(undefined, {
        method: route.method,
        url: urlOf(route),
        ...(route.body && route.bodyKind !== 'multipart'
          ? { payload: bodyOf(route) as object }
          : {}),
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'not_authenticated', attr: null }],
      });
    },
  );

  // Calls that reach one portfolio (or one firm's advisor or logo) by id.
  const scopedRoutes = protectedRoutes.filter(
    (route) => route.path.includes('{id}') || route.id === 'savePortfolioHoldings',
  );

  it.each(
    ADVISOR_ROLES.flatMap((role) =>
      scopedRoutes.map((route) => [`${route.method} ${route.path}`, role, route] as const),
    ),
  )('%s hides another firm’s records from its %s', async (_name, role, route) => {
    const ask = (url: string) =>
      api.call(strangers.get(role), {
        method: route.method,
        url,
        ...(route.body ? { payload: bodyOf(route) as object } : {}),
      });
    const response = await ask(urlOf(route));
    // 404, or 403 where the role may never make the call, whoever's record it names: the answer
    // is the one for ids that name nothing, so it tells nothing about this firm.
    expect([403, 404], response.body).toContain(response.statusCode);
    const nothing = await ask(urlOf(route, true));
    expect(response.statusCode).toBe(nothing.statusCode);
    expect(response.json()).toEqual(nothing.json());
  });

  const portfolioRoutes = scopedRoutes.filter(
    (route) => route.path.startsWith('/portfolios/') && route.path !== '/portfolios/holdings',
  );

  it.each(portfolioRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s hides a portfolio from an advisor who does not advise it (404)',
    async (_name, route) => {
      const response = await api.call(colleague, {
        method: route.method,
        url: urlOf(route),
        ...(route.body ? { payload: bodyOf(route) as object } : {}),
      });
      expect(response.statusCode, response.body).toBe(404);
    },
  );

  // Firm administration (decision 022): everything but reading the firm and its logo; and the
  // firm's record exports (decision 027).
  const administrationRoutes = protectedRoutes.filter(
    (route) =>
      (route.path.startsWith('/firms/') && route.method !== 'GET') ||
      [
        'listFirmUsers',
        'listAuditEvents',
        'getSignInPolicy',
        'changeCustodian',
        'exportFirmTransitions',
        'exportFirmLedger',
        'exportFirmRecords',
      ].includes(route.id),
  );

  it.each(
    NOT_ADMINISTRATORS.flatMap((role) =>
      administrationRoutes.map((route) => [`${route.method} ${route.path}`, role, route] as const),
    ),
  )('%s refuses the firm’s %s: administrators only (403)', async (_name, role, route) => {
    const response = await api.call(firmUsers.get(role), {
      method: route.method,
      url: urlOf(route),
      ...(route.body ? { payload: bodyOf(route) as object } : {}),
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({
      type: 'client_error',
      errors: [{ code: 'permission_denied', attr: null }],
    });
  });

  it('still answers the owner, so the 404s above are about who asks', async () => {
    const response = await api.call(owner, { method: 'GET', url: `/portfolios/${portfolioId}` });
    expect(response.statusCode).toBe(200);
  });
});
