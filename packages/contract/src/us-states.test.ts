import { describe, expect, it } from 'vitest';
import { US_STATE_ABBREVIATIONS, US_STATES, UsStateAbbreviationSchema } from './us-states.ts';

const DISTRICTS_AND_TERRITORIES: [string, string][] = [
  ['District of Columbia', 'DC'],
  ['Guam', 'GU'],
  ['Puerto Rico', 'PR'],
  ['Virgin Islands', 'VI'],
  ['American Samoa', 'AS'],
  ['Northern Mariana Islands', 'MP'],
  ['Marshall Islands', 'MH'],
  ['Palau', 'PW'],
  ['Federated States of Micronesia', 'FM'],
];

describe('US states list', () => {
  it('has 59 entries', () => {
    expect(US_STATES).toHaveLength(59);
    expect(US_STATE_ABBREVIATIONS).toHaveLength(59);
  });

  it('is ordered alphabetically by full name', () => {
    const names = US_STATES.map((state) => state.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each(DISTRICTS_AND_TERRITORIES)('includes %s (%s)', (name, abbreviation) => {
    expect(US_STATES).toContainEqual({ name, abbreviation });
  });

  it('holds 50 states besides the nine districts and territories', () => {
    const others = new Set(DISTRICTS_AND_TERRITORIES.map(([, abbreviation]) => abbreviation));
    expect(US_STATES.filter((state) => !others.has(state.abbreviation))).toHaveLength(50);
  });

  it('has unique two-letter abbreviations', () => {
    expect(new Set(US_STATE_ABBREVIATIONS).size).toBe(59);
    for (const abbreviation of US_STATE_ABBREVIATIONS) expect(abbreviation).toMatch(/^[A-Z]{2}$/);
  });

  it('validates abbreviations', () => {
    expect(UsStateAbbreviationSchema.safeParse('PR').success).toBe(true);
    expect(UsStateAbbreviationSchema.safeParse('Puerto Rico').success).toBe(false);
  });
});
