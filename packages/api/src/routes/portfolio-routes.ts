import {
  createPortfolio,
  deletePortfolio,
  getPortfolio,
  getPortfolioClient,
  getPortfolioInputs,
  getPortfolioStrategy,
  listPortfolios,
  NOT_FOUND_DETAIL,
  type OnboardingApplication,
  type PortfolioDetail,
  type PortfolioInputsDraft,
  replacePortfolioInputs,
  type Strategy,
  updatePortfolioInputs,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding } from '../accepted-encoding.ts';
import {
  type CurrentAccount,
  clientNameOf,
  readCurrentAccount,
} from '../accounts/current-account.ts';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import {
  findVisiblePortfolio,
  type PortfolioRow,
  visiblePortfolios,
} from '../auth/portfolio-visibility.ts';
import { assetDistributionOf } from '../holdings/holding-report.ts';
import { readPortfolioDetail } from '../portfolios/portfolio-detail.ts';
import { createPortfolioListCache } from '../portfolios/portfolio-list.ts';

const { portfolios, portfolioAdvisors, onboardingApplications, advisors } = schema;

type ApplicationRow = typeof onboardingApplications.$inferSelect;

export function registerPortfolioRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, box } = context;

  const getVisiblePortfolio = (id: string, caller: Caller) => findVisiblePortfolio(db, id, caller);

  async function applicationOf(portfolioId: string): Promise<ApplicationRow> {
    const [row] = await db
      .select()
      .from(onboardingApplications)
      .where(eq(onboardingApplications.portfolioId, portfolioId));
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    return row;
  }

  const savedInputs = (row: ApplicationRow) => savedInputsOf(row, box);

  async function toApplication(
    row: ApplicationRow,
    portfolio: typeof portfolios.$inferSelect,
  ): Promise<OnboardingApplication> {
    const advisorRows = await db
      .select({ advisorId: portfolioAdvisors.advisorId })
      .from(portfolioAdvisors)
      .where(eq(portfolioAdvisors.portfolioId, portfolio.id));
    const inputs = savedInputs(row);
    return {
      portfolio_id: portfolio.id,
      created_at: row.createdAt.toISOString(),
      last_updated_at: row.lastUpdatedAt.toISOString(),
      client_input_data: inputs.client_data ?? null,
      strategy_input_data: inputs.strategy ?? null,
      custodian_input_data: inputs.custodians ?? [],
      kyc_input_data: inputs.kyc_input_data ?? [],
      client_suitability_data: inputs.client_suitability_data ?? null,
      advisor_input_data: advisorRows.map((entry) => entry.advisorId),
      originating_advisor_id: portfolio.originatingAdvisorId,
    };
  }

  apiRoute(app, context, createPortfolio, async ({ body, caller, reply }) => {
    if (caller.role === 'OPERATIONS') {
      throw new AppError('permission_denied', 'Operations staff do not open client accounts.');
    }
    const originating = body.originating_advisor_id ?? caller.advisorId;
    const advisorIds = [...new Set([originating, ...(body.advisor_input_data ?? [])])];
    const known = await db
      .select({ id: advisors.id })
      .from(advisors)
      .where(and(eq(advisors.firmId, caller.firmId), inArray(advisors.id, advisorIds)));
    const unknown = advisorIds.filter((id) => !known.some((row) => row.id === id));
    if (unknown.length > 0) {
      throw new RequestValidationError({
        type: 'validation_error',
        errors: unknown.map((id) => ({
          code: 'does_not_exist',
          detail: `Advisor ${id} does not exist.`,
          attr:
            id === body.originating_advisor_id
              ? 'originating_advisor_id'
              : `advisor_input_data.${(body.advisor_input_data ?? []).indexOf(id)}`,
        })),
      });
    }
    const { portfolio, application } = await db.transaction(async (tx) => {
      const [portfolio] = await tx
        .insert(portfolios)
        .values({ firmId: caller.firmId, originatingAdvisorId: originating })
        .returning();
      if (!portfolio) throw new Error('The portfolio could not be stored.');
      await tx
        .insert(portfolioAdvisors)
        .values(advisorIds.map((advisorId) => ({ portfolioId: portfolio.id, advisorId })));
      const [application] = await tx
        .insert(onboardingApplications)
        .values({ portfolioId: portfolio.id })
        .returning();
      if (!application) throw new Error('The application could not be stored.');
      return { portfolio, application };
    });
    reply.code(201);
    return toApplication(application, portfolio);
  });

  const portfolioList = createPortfolioListCache();

  apiRoute(app, context, listPortfolios, async ({ query, caller, request, reply }) => {
    const list = await portfolioList(
      db,
      {
        firmId: caller.firmId,
        // An advisor's list is theirs alone; every other role sees the whole firm.
        viewer: caller.role === 'ADVISOR' ? caller.advisorId : 'firm',
        visible: visiblePortfolios(caller),
      },
      query.status,
    );
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
    if (encoding === 'identity') return reply.send(list.body);
    return reply.header('content-encoding', encoding).send(list[encoding]);
  });

  /**
   * The account as it currently is. Until operations opens it there is no current version, and
   * the onboarding application is the best knowledge there is, so it stands in.
   */
  async function accountOrApplication(
    portfolio: PortfolioRow,
    current?: CurrentAccount,
  ): Promise<CurrentAccount> {
    const account = current ?? (await readCurrentAccount(db, box, portfolio));
    const { clientData, custodians, strategy } = account;
    if (clientData && strategy) return account;
    const application = await applicationOf(portfolio.id);
    const inputs = savedInputs(application);
    const asOf = application.lastUpdatedAt.toISOString();
    return {
      clientData:
        clientData ?? (inputs.client_data ? { ...inputs.client_data, created_at: asOf } : null),
      custodians:
        custodians.length > 0
          ? custodians
          : (inputs.custodians ?? []).map((custodian) => ({
              custodian_name: custodian.custodian_name,
              custodian_account: custodian.account_number ?? '',
            })),
      strategy:
        strategy ??
        (inputs.strategy ? ({ ...inputs.strategy, created_at: asOf } as Strategy) : null),
    };
  }

  apiRoute(app, context, getPortfolio, async ({ params, caller }): Promise<PortfolioDetail> => {
    const detail = await readPortfolioDetail(db, box, params.id, caller);
    const { portfolio, holding: report } = detail;
    const account = await accountOrApplication(portfolio, detail.account);
    const {
      id: _id,
      portfolio: _portfolio,
      created_at: _at,
      benchmark_returns,
      ...holding
    } = report ?? { benchmark_returns: null };
    return {
      id: portfolio.id,
      current_client_data: account.clientData,
      current_custodians: account.custodians,
      client_name: portfolio.clientName,
      inception_date: portfolio.inceptionDate,
      user_dnt: portfolio.userDnt as PortfolioDetail['user_dnt'],
      status: portfolio.status as PortfolioDetail['status'],
      current_strategy: account.strategy,
      current_holding: report ? (holding as PortfolioDetail['current_holding']) : null,
      benchmark_returns,
      asset_distribution: report ? assetDistributionOf(report.assets, report.nav) : null,
    };
  });

  apiRoute(app, context, getPortfolioClient, async ({ params, caller }) => {
    const { clientData } = await accountOrApplication(await getVisiblePortfolio(params.id, caller));
    if (!clientData) throw new AppError('not_found', 'No client data has been saved yet.');
    return clientData;
  });

  apiRoute(app, context, getPortfolioStrategy, async ({ params, caller }) => {
    const { strategy } = await accountOrApplication(await getVisiblePortfolio(params.id, caller));
    if (!strategy) throw new AppError('not_found', 'No strategy has been chosen yet.');
    return strategy;
  });

  apiRoute(app, context, deletePortfolio, async ({ params, caller, reply }) => {
    const portfolio = await getVisiblePortfolio(params.id, caller);
    if (portfolio.status !== 'INCOMPLETE') {
      throw new AppError('request_conflict', 'Only an incomplete portfolio can be deleted.');
    }
    await db
      .delete(portfolios)
      .where(and(eq(portfolios.id, portfolio.id), eq(portfolios.firmId, caller.firmId)));
    return reply.code(204).send();
  });

  apiRoute(app, context, getPortfolioInputs, async ({ params, caller }) => {
    const portfolio = await getVisiblePortfolio(params.id, caller);
    return savedInputs(await applicationOf(portfolio.id));
  });

  async function saveInputs(
    portfolioId: string,
    caller: Caller,
    inputs: Partial<PortfolioInputsDraft>,
  ) {
    const portfolio = await getVisiblePortfolio(portfolioId, caller);
    if (portfolio.status !== 'INCOMPLETE') {
      throw new AppError(
        'request_conflict',
        'The application was submitted; request changes through actions.',
      );
    }
    await db
      .update(onboardingApplications)
      .set({
        ...(inputs.client_data
          ? { clientInputCiphertext: box.seal(JSON.stringify(inputs.client_data)) }
          : {}),
        ...(inputs.strategy ? { strategyInput: inputs.strategy } : {}),
        ...(inputs.custodians ? { custodianInput: inputs.custodians } : {}),
        ...(inputs.kyc_input_data ? { kycInput: inputs.kyc_input_data } : {}),
        ...(inputs.client_suitability_data ? { suitability: inputs.client_suitability_data } : {}),
        lastUpdatedAt: new Date(),
      })
      .where(eq(onboardingApplications.portfolioId, portfolio.id));
    if (inputs.client_data) {
      await db
        .update(portfolios)
        .set({ clientName: clientNameOf(inputs.client_data) })
        .where(eq(portfolios.id, portfolio.id));
    }
    return savedInputs(await applicationOf(portfolio.id));
  }

  apiRoute(app, context, replacePortfolioInputs, ({ params, body, caller }) =>
    saveInputs(params.id, caller, body),
  );
  apiRoute(app, context, updatePortfolioInputs, ({ params, body, caller }) =>
    saveInputs(params.id, caller, body),
  );
}
