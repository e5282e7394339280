import { describe, expect, it } from 'vitest';
import { toE164 } from './phone-number.ts';

describe('toE164', () => {
  it('reads ten US digits however they are grouped', () => {
    for (const typed of [
      '5555550123',
      '(555) 555-0123',
      '(555)-555-0123',
      '555.555.0123',
      ' 555 555 0123 ',
    ]) {
      expect(toE164(typed)).toBe('+15555550123');
    }
  });

  it('reads eleven digits starting with the North American country code', () => {
    expect(toE164('1 555 555 0123')).toBe('+15555550123');
    expect(toE164('1-555-555-0123')).toBe('+15555550123');
  });

  it('keeps an international number given with + or 00', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('0044 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+1 (555) 555-0123')).toBe('+15555550123');
  });

  it('refuses what cannot be a phone number', () => {
    for (const typed of [
      '',
      '555-0123',
      '55555501234',
      '+0 555 555 0123',
      '+1234567',
      'call me',
      '555 555 0123 ext 4',
      '+1 555 555 0123 4567 89',
    ]) {
      expect(toE164(typed), typed).toBeNull();
    }
  });
});
