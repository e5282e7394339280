import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi.ts';
import { routes } from './index.ts';

/**
 * The method and path columns of the table in product §7, row by row as product §7 writes them. A
 * continuation path ("/holding") shares the "/portfolios/{id}" prefix of its row.
 */
const SPEC_TABLE = `
| GET | /custodians |
| GET | /custodians/{id} |
| POST | /kyc-documents |
| GET | /portfolios |
| POST | /portfolios |
| GET, DELETE | /portfolios/{id} |
| GET | /portfolios/{id}/actions |
| GET | /portfolio-alerts |
| GET | /actions |
| GET, PUT, PATCH, DELETE | /portfolios/{id}/actions/{action_id} |
| PATCH | /portfolios/{id}/actions/{action_id}/submit-response |
| GET | /portfolios/{id}/client, /holding, /strategy, /inputs |
| PUT, PATCH | /portfolios/{id}/inputs |
| POST | /portfolios/{id}/close, /open, /request-deposit, /request-withdrawal, /set-user-dnt, /update-client-detail, /update-custodian, /update-strategy |
| GET | /portfolios/{id}/deposit-withdraw/history, /gain-loss/history, /nav/history, /statements, /tax-reports |
| GET | /portfolios/{id}/statements/{report_id}, /portfolios/{id}/tax-reports/{report_id} |
| POST | /portfolios/holdings |
| POST | /simulate-portfolio |
| GET | /simulation-results |
| POST | /run-comparer |
| GET | /comparer-results |
| GET | /comparer-results/{result_hash} |
| GET | /strategy-styles |
| GET | /strategy-styles/{name}/form-options |
| GET | /advisors |
| GET | /advisors/self |
| PUT | /advisors/{id} |
| GET | /firms/{id}/logo |
`;

/** Firm administration (decision 022), beyond the calls of product §7. */
const ADMINISTRATION_TABLE = `
| GET, PUT | /firms/{id} |
| PUT, DELETE | /firms/{id}/logo |
| GET, POST | /firms/{id}/users |
| PATCH | /firms/{id}/users/{advisor_id} |
| POST | /firms/{id}/users/{advisor_id}/invitation |
| POST | /firms/{id}/users/{advisor_id}/reassign-portfolios |
| GET | /firms/{id}/audit-events |
| PATCH | /custodians/{id} |
| GET, PUT | /firms/{id}/sign-in-policy |
| GET, POST | /strategy-catalogue |
| PUT | /strategy-catalogue/{id} |
`;

/** Returns opened into what made them, and the ledger's CSV exports, beyond product §7. */
const REPORTS_TABLE = `
| GET | /portfolios/{id}/returns/bridges |
| GET | /portfolios/{id}/transactions/export |
| GET | /portfolios/{id}/tax-lots/export |
`;

/** The records a firm must keep, as downloads for its administrator (decision 027). */
const RECORDS_TABLE = `
| GET | /firms/{id}/records/transitions/export |
| GET | /firms/{id}/records/ledger/export |
| GET | /firms/{id}/records/export |
`;

/** Where the valuation of the caller's firm stands (decision 035). */
const VALUATION_TABLE = `
| GET | /valuation-progress |
`;

function specCalls(table = SPEC_TABLE): string[] {
  return table
    .trim()
    .split('\n')
    .flatMap((row) => {
      const [, methodCell = '', pathCell = ''] = row.split('|').map((cell) => cell.trim());
      const paths = pathCell
        .split(', ')
        .map((path, index) =>
          index === 0 || path.startsWith('/portfolios') ? path : `/portfolios/{id}${path}`,
        );
      return methodCell.split(', ').flatMap((method) => paths.map((path) => `${method} ${path}`));
    });
}

describe('the route table', () => {
  const calls = specCalls();

  it('reads 48 calls from the product §7 table', () => {
    expect(calls).toHaveLength(48);
    expect(new Set(calls).size).toBe(48);
  });

  it('has a route for every call of product §7, administration, the reports, the firm records and the valuation beyond them, and nothing else but the health check', () => {
    const declared = routes.map((route) => `${route.method} ${route.path}`);
    const administration = specCalls(ADMINISTRATION_TABLE);
    const reports = specCalls(REPORTS_TABLE);
    const records = specCalls(RECORDS_TABLE);
    const valuation = specCalls(VALUATION_TABLE);
    expect([...declared].sort()).toEqual(
      [...calls, ...administration, ...reports, ...records, ...valuation, 'GET /health'].sort(),
    );
  });

  it('needs a session for every call but the health check', () => {
    const open = routes.filter((route) => !route.auth).map((route) => route.path);
    expect(open).toEqual(['/health']);
  });

  it('declares the error envelope of every failure it can answer with', () => {
    for (const route of routes) {
      const statuses = Object.keys(route.responses).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        route.id,
      ).toBe(true);
      if (route.params) expect(statuses, `${route.id} can miss`).toContain(404);
      if (route.body) expect(statuses, `${route.id} validates its body`).toContain(400);
    }
  });
});

describe('the OpenAPI document of the route table', () => {
  const document = buildOpenApiDocument(routes, {
    title: 'Ballast provider API',
    version: '0.0.0',
    serverUrl: '/api',
  });

  it('names every path of product §7 with its methods', () => {
    for (const call of specCalls()) {
      const [method = '', path = ''] = call.split(' ');
      expect(document.paths[path], path).toBeDefined();
      expect(document.paths[path]?.[method.toLowerCase() as 'get'], call).toBeDefined();
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    // The validator dereferences in place, so it gets a copy.
    const result = await validate(
      structuredClone(document) as unknown as Parameters<typeof validate>[0],
    );
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('lists the shared schemas once and refers to them', () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Action', 'Owner', 'StrategyInput', 'ValidationErrorResponse']),
    );
    expect(JSON.stringify(document.paths)).toContain('"$ref":"#/components/schemas/Action"');
  });
});
