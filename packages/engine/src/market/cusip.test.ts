import { describe, expect, it } from 'vitest';
import { cusip, cusipCheckDigit } from './cusip.ts';

describe('CUSIP check digit', () => {
  it('matches published CUSIPs', () => {
    // Apple common stock, a US Treasury note and a California GO bond.
    expect(cusipCheckDigit('03783310')).toBe('0');
    expect(cusipCheckDigit('912828YK')).toBe('0');
    expect(cusipCheckDigit('13063DLZ')).toBe('9');
    expect(cusip('037833', '10')).toBe('037833100');
  });
});
