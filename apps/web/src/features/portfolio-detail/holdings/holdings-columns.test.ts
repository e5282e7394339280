import type { AssetLine } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../lib/csv.ts';
import { HOLDING_COLUMNS, HOLDING_CSV_COLUMNS, holdingsFileName } from './holdings-columns.ts';

const line: AssetLine = {
  asset_class: 'Corporate Bond',
  cost_basis: 10_250.5,
  current_value_usd: 10_400.123,
  cusip: '037833100',
  description: 'APPLE INC 3.25% 2029',
  duration: 2.456,
  last_price_usd: 104.00123,
  percent_account: 2.1,
  quantity: 100,
  total_gain_loss_usd: 149.623,
  ytw: 4.1,
  in_state_flag: 'false',
};

describe('holding columns', () => {
  it('show every asset line field once', () => {
    expect(new Set(HOLDING_COLUMNS.map((column) => column.key)).size).toBe(12);
  });

  it('format cells for reading', () => {
    const cells = Object.fromEntries(
      HOLDING_COLUMNS.map((column) => [column.header, column.format(line)]),
    );
    expect(cells).toMatchObject({
      'Market value': '$10,400.12',
      'Gain/loss': '$149.62',
      '% of account': '2.10%',
      Duration: '2.46',
      'In state': 'No',
      'Asset class': 'Corporate Bond',
    });
    expect(HOLDING_COLUMNS[2]?.format({ ...line, asset_class: 'in_state_municipal_bonds' })).toBe(
      'In state municipal bonds',
    );
    expect(HOLDING_COLUMNS[1]?.format({ ...line, cusip: null })).toBe('—');
  });

  it('export raw values, unrounded', () => {
    const csv = toCsv(HOLDING_CSV_COLUMNS, [line]).split('\r\n');
    expect(csv[0]).toBe(
      'Description,CUSIP,Asset class,Quantity,Last price,Market value,Cost basis,Gain/loss,% of account,YTW,Duration,In state',
    );
    expect(csv[1]).toBe(
      'APPLE INC 3.25% 2029,037833100,Corporate Bond,100,104.00123,10400.123,10250.5,149.623,2.1,4.1,2.456,false',
    );
  });

  it('name the file after the client and the report day', () => {
    expect(holdingsFileName('Jane O’Neil & Sons', '2026-11-24')).toBe(
      'holdings-jane-o-neil-sons-2026-11-24.csv',
    );
    expect(holdingsFileName('***', '2026-11-24')).toBe('holdings-portfolio-2026-11-24.csv');
  });
});
