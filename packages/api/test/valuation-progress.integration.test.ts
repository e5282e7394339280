// GET /valuation-progress (decision 035): where the daily valuation of the caller's firm stands.
// The valuation itself is not run here: the books are set as a run would leave them.
import { type ValuationProgress, ValuationProgressSchema } from '@ballast/contract';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastDueDay } from '../src/valuation/due-day.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';

/** The server's default VALUATION_TIME, 22:00 UTC. */
const AT = { hour: 22, minute: 0 };

describe('the valuation progress of a firm', () => {
  const api = useApi();
  const steps = accountSteps(api);
  let team: Awaited<ReturnType<typeof steps.team>>;
  let stranger: SignedIn;
  let first: string;
  let second: string;

  beforeAll(async () => {
    team = await steps.team();
    stranger = await api.signIn('ADVISOR');
    first = await steps.openAccount(team.advisor, team.ops);
    second = await steps.openAccount(team.advisor, team.ops);
  });

  async function progressOf(as: SignedIn): Promise<ValuationProgress> {
    const response = await api.call(as, { method: 'GET', url: '/valuation-progress' });
    expect(response.statusCode, response.body).toBe(200);
    return ValuationProgressSchema.parse(response.json());
  }

  const setBook = (portfolioId: string, valuedThrough: string | null) =>
    api.database.db
      .update(schema.portfolioBooks)
      .set({ valuedThrough })
      .where(eq(schema.portfolioBooks.portfolioId, portfolioId));
  const setPortfolio = (
    portfolioId: string,
    values: { inceptionDate?: string; status?: 'CLOSED' | 'IN-GOOD-ORDER' },
  ) =>
    api.database.db
      .update(schema.portfolios)
      .set(values)
      .where(eq(schema.portfolios.id, portfolioId));

  it('is not behind for a firm without open accounts', async () => {
    expect(await progressOf(stranger)).toEqual({
      due_date: lastDueDay(new Date(), AT),
      valued_through: null,
      is_behind: false,
    });
  });

  it('counts an account not valued yet as valued through the day before it opened', async () => {
    await setPortfolio(first, { inceptionDate: '2026-01-05' });
    await setBook(first, null);
    await setPortfolio(second, { inceptionDate: '2026-01-05' });
    await setBook(second, '2026-03-31');
    expect(await progressOf(team.advisor)).toEqual({
      due_date: lastDueDay(new Date(), AT),
      valued_through: '2026-01-04',
      is_behind: true,
    });
    // Every role of the firm may ask; the answer is the firm's, whoever advises the accounts.
    expect(await progressOf(team.ops)).toMatchObject({ valued_through: '2026-01-04' });
    // Another firm's accounts are none of its business.
    expect(await progressOf(stranger)).toMatchObject({ valued_through: null, is_behind: false });
  });

  it('stands at the account furthest behind, and is caught up once all reach the due day', async () => {
    const due = lastDueDay(new Date(), AT);
    await setBook(first, '2026-02-27');
    expect(await progressOf(team.advisor)).toMatchObject({
      valued_through: '2026-02-27',
      is_behind: true,
    });
    await setBook(first, due);
    await setBook(second, due);
    expect(await progressOf(team.advisor)).toEqual({
      due_date: due,
      valued_through: due,
      is_behind: false,
    });
  });

  it('leaves a closed account out, since it is not valued after closing', async () => {
    await setBook(first, '2026-02-27');
    await setPortfolio(first, { status: 'CLOSED' });
    expect(await progressOf(team.advisor)).toMatchObject({ is_behind: false });
    await setPortfolio(first, { status: 'IN-GOOD-ORDER' });
    expect(await progressOf(team.advisor)).toMatchObject({ is_behind: true });
  });

  it('refuses a caller without a session', async () => {
    const response = await api.call(undefined, { method: 'GET', url: '/valuation-progress' });
    expect(response.statusCode).toBe(401);
  });
});
