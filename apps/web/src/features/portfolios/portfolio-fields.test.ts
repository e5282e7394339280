import {
  type HoldingSummary,
  type PortfolioListItem,
  PortfolioListItemSchema,
} from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.ts';
import { MISSING } from '../../lib/format.ts';
import {
  filterByClientName,
  PORTFOLIO_CSV_COLUMNS,
  PORTFOLIO_FIELDS,
  portfolioCsvFileName,
  sortPortfolios,
} from './portfolio-fields.ts';

let nextId = 1;

function holding(overrides: Partial<HoldingSummary> = {}): HoldingSummary {
  return {
    nav: 500_000,
    ytw: 4.1,
    duration: 5.2,
    return_ytd_pct: 2.5,
    return_1y_pct: 3.75,
    tey: 5.9,
    current_loss_harvested_pct: 0.4,
    number_of_holdings: 24,
    ...overrides,
  };
}

function portfolio(overrides: Partial<PortfolioListItem> = {}): PortfolioListItem {
  const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  // Parsed, so that a change of the wire type shows up here rather than in the browser.
  return PortfolioListItemSchema.parse({
    id,
    client_name: 'Jane Doe',
    advisors: [{ first_name: 'Avery', last_name: 'Adams' }],
    originating_advisor: { first_name: 'Avery', last_name: 'Adams' },
    inception_date: '2025-03-01',
    current_holding: holding(),
    current_strategy_summary: { style: 'B', summary: 'Intermediate munis, AA' },
    user_dnt: null,
    status: 'IN-GOOD-ORDER',
    ...overrides,
  });
}

const names = (portfolios: PortfolioListItem[]) => portfolios.map((item) => item.client_name);

describe('sortPortfolios', () => {
  const low = portfolio({ client_name: 'Low', current_holding: holding({ ytw: 1.5 }) });
  const none = portfolio({ client_name: 'None', current_holding: null, status: 'INCOMPLETE' });
  const high = portfolio({ client_name: 'High', current_holding: holding({ ytw: 6 }) });
  const tokens = portfolio({ client_name: 'Tokens', current_holding: holding({ ytw: null }) });
  const mid = portfolio({ client_name: 'Mid', current_holding: holding({ ytw: 3 }) });
  const list = [low, none, high, tokens, mid];

  it('keeps the server order when nothing is sorted', () => {
    expect(sortPortfolios(list, null)).toEqual(list);
  });

  it('puts missing figures last in both directions, keeping their own order', () => {
    expect(names(sortPortfolios(list, { id: 'ytw', desc: false }))).toEqual([
      'Low',
      'Mid',
      'High',
      'None',
      'Tokens',
    ]);
    expect(names(sortPortfolios(list, { id: 'ytw', desc: true }))).toEqual([
      'High',
      'Mid',
      'Low',
      'None',
      'Tokens',
    ]);
  });

  it('does not reorder the list it was given', () => {
    sortPortfolios(list, { id: 'ytw', desc: true });
    expect(names(list)).toEqual(['Low', 'None', 'High', 'Tokens', 'Mid']);
  });

  it('sorts names alphabetically, ignoring case, with numbers in numeric order', () => {
    const clients = ['beta Trust', 'Alpha', 'Client 10', 'client 9', 'ALPHA 2'].map((client_name) =>
      portfolio({ client_name }),
    );
    expect(names(sortPortfolios(clients, { id: 'client_name', desc: false }))).toEqual([
      'Alpha',
      'ALPHA 2',
      'beta Trust',
      'client 9',
      'Client 10',
    ]);
    expect(names(sortPortfolios(clients, { id: 'client_name', desc: true }))).toEqual([
      'Client 10',
      'client 9',
      'beta Trust',
      'ALPHA 2',
      'Alpha',
    ]);
  });

  it('keeps the server order among equal values', () => {
    const a = portfolio({ client_name: 'A', current_holding: holding({ nav: 100 }) });
    const b = portfolio({ client_name: 'B', current_holding: holding({ nav: 100 }) });
    const c = portfolio({ client_name: 'C', current_holding: holding({ nav: 50 }) });
    expect(names(sortPortfolios([b, a, c], { id: 'nav', desc: true }))).toEqual(['B', 'A', 'C']);
  });

  it('sorts inception dates in calendar order, undated portfolios last', () => {
    const dates = ['2024-12-31', null, '2025-01-02', '2023-06-15'].map((inception_date, index) =>
      portfolio({ client_name: `P${index}`, inception_date }),
    );
    expect(names(sortPortfolios(dates, { id: 'inception_date', desc: false }))).toEqual([
      'P3',
      'P0',
      'P2',
      'P1',
    ]);
  });

  it('sorts by the status as it reads', () => {
    const statuses = (['PENDING', 'CLOSED', 'NEEDS-ACTION', 'IN-GOOD-ORDER'] as const).map(
      (status) => portfolio({ client_name: status, status }),
    );
    expect(names(sortPortfolios(statuses, { id: 'status', desc: false }))).toEqual([
      'CLOSED',
      'IN-GOOD-ORDER',
      'NEEDS-ACTION',
      'PENDING',
    ]);
  });
});

describe('filterByClientName', () => {
  const list = ['Margaret Hale', 'HALE Family Trust', 'John Thornton'].map((client_name) =>
    portfolio({ client_name }),
  );

  it('finds the search anywhere in the name, ignoring case and surrounding spaces', () => {
    expect(names(filterByClientName(list, '  hAlE '))).toEqual([
      'Margaret Hale',
      'HALE Family Trust',
    ]);
    expect(names(filterByClientName(list, 'thorn'))).toEqual(['John Thornton']);
  });

  it('keeps every portfolio for an empty search and none for a name nobody has', () => {
    expect(filterByClientName(list, '   ')).toEqual(list);
    expect(filterByClientName(list, 'Bingley')).toEqual([]);
  });

  it('searches the client name only', () => {
    expect(filterByClientName(list, 'Avery')).toEqual([]);
  });
});

describe('the fields on screen', () => {
  const text = (id: string, item: PortfolioListItem) =>
    PORTFOLIO_FIELDS.find((field) => field.id === id)?.text(item);

  it('shows figures in dollars, percent and years, and a dash for what is missing', () => {
    const item = portfolio({
      current_holding: holding({ nav: 1_234_567.891, ytw: 4.256, duration: 5, tey: null }),
      advisors: [
        { first_name: 'Avery', last_name: 'Adams' },
        { first_name: 'Blake', last_name: 'Brown' },
      ],
      originating_advisor: null,
      user_dnt: 'DNBS',
      status: 'NEEDS-ACTION',
    });
    expect(text('nav', item)).toBe('$1,234,567.89');
    expect(text('ytw', item)).toBe('4.26%');
    expect(text('duration', item)).toBe('5.00');
    expect(text('tey', item)).toBe(MISSING);
    expect(text('advisors', item)).toBe('Avery Adams, Blake Brown');
    expect(text('originating_advisor', item)).toBe(MISSING);
    expect(text('inception_date', item)).toBe('Mar 1, 2025');
    expect(text('user_dnt', item)).toBe('DNBS');
    expect(text('status', item)).toBe('Needs action');
  });

  it('shows a dash for every figure of a portfolio that holds nothing yet', () => {
    const item = portfolio({
      current_holding: null,
      inception_date: null,
      advisors: null,
      status: 'INCOMPLETE',
    });
    for (const id of ['nav', 'ytw', 'number_of_holdings', 'inception_date', 'advisors']) {
      expect(text(id, item)).toBe(MISSING);
    }
  });
});

describe('the CSV export', () => {
  it('has the table’s headings in the table’s order', () => {
    expect(PORTFOLIO_CSV_COLUMNS.map((column) => column.header)).toEqual([
      'Client name',
      'Advisors',
      'Originating advisor',
      'Inception date',
      'NAV',
      'YTW',
      'Duration',
      'YTD return',
      '1-year return',
      'TEY',
      'Loss harvested',
      'Holdings',
      'DNT',
      'Status',
    ]);
  });

  it('writes figures as plain numbers, missing ones as empty cells, in the rows’ order', () => {
    const rows = [
      portfolio({
        client_name: 'Smith, Jane',
        advisors: [
          { first_name: 'Avery', last_name: 'Adams' },
          { first_name: 'Blake', last_name: 'Brown' },
        ],
        current_holding: holding({ nav: 1_234_567.89, tey: null }),
        user_dnt: 'DNB',
      }),
      portfolio({
        client_name: 'New Client',
        advisors: null,
        originating_advisor: null,
        inception_date: null,
        current_holding: null,
        status: 'INCOMPLETE',
      }),
    ];
    expect(toCsv(PORTFOLIO_CSV_COLUMNS, rows).split('\r\n').slice(1)).toEqual([
      '"Smith, Jane","Avery Adams, Blake Brown",Avery Adams,2025-03-01,1234567.89,4.1,5.2,2.5,3.75,,0.4,24,DNB,In good order',
      'New Client,,,,,,,,,,,,,Incomplete',
    ]);
  });

  it('names the file after the advisor’s own date', () => {
    expect(portfolioCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('portfolios-2026-01-05.csv');
  });
});
