import {
  makeBondStrategyInput,
  makeOwner,
  makePortfolioInputs,
  makeTokenStrategyInput,
} from '@ballast/contract/testing';
import { buildTestApp } from '@ballast/server/testing';
import { describe, expect, it } from 'vitest';
import {
  HOLDINGS_BODY_LIMIT_BYTES,
  JSON_BODY_LIMIT_BYTES,
  RATE_LIMITS,
} from '../src/request-limits.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { multipartForm } from './support/multipart-form.ts';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function bondComparerStrategy() {
  const { style, strategy, tax_data } = makeBondStrategyInput();
  return { style, strategy: { assets: strategy.assets }, tax_data };
}

/** A PDF of `size` bytes: the signature, then padding. */
function pdfOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(PDF);
  return bytes;
}

/** A lot with the longest amount a lot can carry, so the body is as large as lots make it. */
const LONG_LOT = {
  coin: 'WBTC',
  amount: '12345678901234567890.123456789012345678',
  cost_basis: 1_234_567.89,
  date_acquired: '2024-01-01',
};

const bytesOf = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

describe('request limits', () => {
  const api = useApi();
  const steps = accountSteps(api);

  function simulate(as: SignedIn) {
    return api.call(as, {
      method: 'POST',
      url: '/simulate-portfolio',
      payload: { strategy: makeBondStrategyInput(), time_windows: ['today'] },
    });
  }

  function compare(as: SignedIn) {
    return api.call(as, {
      method: 'POST',
      url: '/run-comparer',
      payload: { strategy: bondComparerStrategy(), time_windows: ['today'] },
    });
  }

  async function upload(as: SignedIn, portfolioId: string, bytes = PDF) {
    const form = await multipartForm(
      { portfolio_id: portfolioId },
      { field: 'document', bytes, name: 'passport.pdf', type: 'application/pdf' },
    );
    return api.call(as, { method: 'POST', url: '/kyc-documents', ...form });
  }

  /** Makes `max` calls, each of which must be answered `status`. */
  async function useUp(max: number, status: number, call: () => Promise<{ statusCode: number }>) {
    for (let made = 0; made < max; made += 1) {
      expect((await call()).statusCode, `call ${made + 1} of ${max}`).toBe(status);
    }
  }

  function expectLimited(
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    max: number,
  ) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.json()).toEqual({
      type: 'rate_limit_exceeded',
      errors: [
        {
          code: 'rate_limit_exceeded',
          detail: `Too many requests of this kind: at most ${max} a minute. Try again in ${retryAfter} seconds.`,
          attr: null,
        },
      ],
    });
  }

  describe('calls a minute, per person', () => {
    it('answers the simulation past the limit 429 with Retry-After, for every session of that person and no colleague', async () => {
      const firmId = await api.createFirm();
      const me = await api.signIn('ADVISOR', { firmId });
      const colleague = await api.signIn('ADVISOR', { firmId });
      await useUp(RATE_LIMITS.simulation.max, 202, () => simulate(me));

      expectLimited(await simulate(me), RATE_LIMITS.simulation.max);
      // Signing in again, as another browser would, does not buy more runs.
      expectLimited(await simulate(await api.signInAgain(me)), RATE_LIMITS.simulation.max);
      expect((await simulate(colleague)).statusCode).toBe(202);
      // Each route counts on its own: the comparer is still open to the same person.
      expect((await compare(me)).statusCode).toBe(202);
    });

    it('answers the comparison past the limit 429 with Retry-After, and not a colleague', async () => {
      const firmId = await api.createFirm();
      const me = await api.signIn('CIO', { firmId });
      const colleague = await api.signIn('MANAGER', { firmId });
      await useUp(RATE_LIMITS.comparer.max, 202, () => compare(me));

      expectLimited(await compare(me), RATE_LIMITS.comparer.max);
      expect((await compare(colleague)).statusCode).toBe(202);
    });

    it('answers the upload past the limit 429 with Retry-After, and not a colleague', async () => {
      const firmId = await api.createFirm();
      const me = await api.signIn('ADVISOR', { firmId });
      const colleague = await api.signIn('ADVISOR', { firmId });
      const mine = await steps.newPortfolio(me);
      await useUp(RATE_LIMITS.upload.max, 201, () => upload(me, mine));

      expectLimited(await upload(me, mine), RATE_LIMITS.upload.max);
      expect((await upload(colleague, await steps.newPortfolio(colleague))).statusCode).toBe(201);
    });

    it('counts a person’s calls on every server of one database together', async () => {
      const other = await buildTestApp(api.database, {
        ENGINE_THREADS: '0',
        DATA_DIR: api.dataDir,
      });
      try {
        const me = await api.signIn('CIO', { firmId: await api.createFirm() });
        const compareOnOther = () =>
          other.app.inject({
            method: 'POST',
            url: '/api/run-comparer',
            headers: { authorization: `Bearer ${me.jwt}` },
            payload: { strategy: bondComparerStrategy(), time_windows: ['today'] },
          });
        const here = Math.ceil(RATE_LIMITS.comparer.max / 2);
        await useUp(here, 202, () => compare(me));
        await useUp(RATE_LIMITS.comparer.max - here, 202, compareOnOther);

        expectLimited(await compareOnOther(), RATE_LIMITS.comparer.max);
        expectLimited(await compare(me), RATE_LIMITS.comparer.max);
      } finally {
        await other.app.close();
      }
    });

    it('refuses a call without a session as its route does, uncounted', async () => {
      const anonymous = () =>
        api.call(undefined, {
          method: 'POST',
          url: '/run-comparer',
          payload: { strategy: bondComparerStrategy(), time_windows: ['today'] },
        });
      await useUp(RATE_LIMITS.comparer.max + 1, 401, anonymous);
      const refused = await anonymous();
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.json()).toMatchObject({ errors: [{ code: 'not_authenticated' }] });
    });
  });

  describe('body sizes', () => {
    it(`refuses a JSON body over ${JSON_BODY_LIMIT_BYTES / 1024} KiB with 413 in the validation envelope`, async () => {
      const me = await api.signIn('ADVISOR');
      const id = await steps.newPortfolio(me);
      const inputs = makePortfolioInputs({
        kyc_input_data: [{ id: crypto.randomUUID(), owner_name: 'Ada', description: 'x' }],
      });
      const oversize = {
        ...inputs,
        client_data: {
          ...inputs.client_data,
          owners: [makeOwner({ first_name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) })],
        },
      };
      const response = await api.call(me, {
        method: 'PUT',
        url: `/portfolios/${id}/inputs`,
        payload: oversize,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [
          {
            code: 'invalid',
            detail: 'The request body is larger than 256 KiB.',
            attr: 'non_field_errors',
          },
        ],
      });
    });

    it('takes the largest legitimate inputs: six owners, 500 excluded issuers, 30 long KYC notes', async () => {
      const me = await api.signIn('ADVISOR');
      const id = await steps.newPortfolio(me);
      const issuers = (from: number) =>
        Array.from(
          { length: 250 },
          (_, index) => `Metropolitan Transportation Authority of County ${from + index} Revenue`,
        );
      const strategy = makeBondStrategyInput({
        constraints: {
          excluded_municipal_sectors: [],
          excluded_corporate_sectors: [],
          excluded_municipal_issuers: issuers(0),
          excluded_corporate_issuers: issuers(1000),
        },
      });
      const inputs = makePortfolioInputs({
        client_data: {
          account_type: 'J',
          owners: Array.from({ length: 6 }, (_, index) =>
            makeOwner({ role: index === 0 ? 'PRIMARY_OWNER' : 'JOINT_OWNER' }),
          ),
        },
        strategy,
        kyc_input_data: Array.from({ length: 30 }, () => ({
          id: crypto.randomUUID(),
          owner_name: 'Ada Lovelace',
          description: 'x'.repeat(1024),
        })),
      });
      expect(bytesOf(inputs)).toBeGreaterThan(64 * 1024);
      const response = await api.call(me, {
        method: 'PUT',
        url: `/portfolios/${id}/inputs`,
        payload: inputs,
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it(`takes a token portfolio's lots up to ${HOLDINGS_BODY_LIMIT_BYTES / 1024} KiB, and refuses more with 413`, async () => {
      const { advisor, ops } = await steps.team();
      const id = await steps.openAccount(
        advisor,
        ops,
        makePortfolioInputs({ strategy: makeTokenStrategyInput() }),
      );
      const many = { portfolio_id: id, lots: Array.from({ length: 3000 }, () => LONG_LOT) };
      expect(bytesOf(many)).toBeGreaterThan(JSON_BODY_LIMIT_BYTES);
      const saved = await api.call(advisor, {
        method: 'POST',
        url: '/portfolios/holdings',
        payload: many,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect((saved.json() as { lots: unknown[] }).lots).toHaveLength(3000);

      const tooMany = { portfolio_id: id, lots: Array.from({ length: 5000 }, () => LONG_LOT) };
      expect(bytesOf(tooMany)).toBeGreaterThan(HOLDINGS_BODY_LIMIT_BYTES);
      const refused = await api.call(advisor, {
        method: 'POST',
        url: '/portfolios/holdings',
        payload: tooMany,
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({
        type: 'validation_error',
        errors: [{ detail: 'The request body is larger than 512 KiB.', attr: 'non_field_errors' }],
      });
    });

    it('keeps uploads to their own limit: a 1 MiB document is taken', async () => {
      const me = await api.signIn('ADVISOR');
      const id = await steps.newPortfolio(me);
      const response = await upload(me, id, pdfOf(1024 * 1024));
      expect(response.statusCode, response.body).toBe(201);
    });
  });
});
