import { describe, expect, it } from 'vitest';
import { formatPhone, PhoneNumberSchema, phoneDigits } from './phone.ts';

describe('phone number (product §5: empty, or exactly 10 digits)', () => {
  it.each([
    ['', true],
    ['5551234567', true],
    ['555123456', false],
    ['55512345678', false],
    ['(555)-123-4567', false],
    ['555123456a', false],
  ])('%j valid: %s', (value, valid) => {
    const result = PhoneNumberSchema.safeParse(value);
    expect(result.success).toBe(valid);
    if (!result.success) {
      expect(result.error.issues.map((issue) => issue.message)).toEqual([
        'Please Enter A Valid Phone Number',
      ]);
    }
  });
});

describe('phoneDigits (product §5: reduced to digits, max 10)', () => {
  it.each([
    ['', ''],
    ['(555)-123-4567', '5551234567'],
    ['555.123.4567 ext 89', '5551234567'],
    ['+1 555 123 4567', '1555123456'],
    ['abc', ''],
  ])('%j -> %j', (input, digits) => {
    expect(phoneDigits(input)).toBe(digits);
  });
});

describe('formatPhone (product §5: shown as (xxx)-xxx-xxxx)', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555)-1'],
    ['555123', '(555)-123'],
    ['5551234', '(555)-123-4'],
    ['5551234567', '(555)-123-4567'],
    ['555123456789', '(555)-123-4567'],
    ['(555)-123-4567', '(555)-123-4567'],
  ])('%j -> %j', (digits, shown) => {
    expect(formatPhone(digits)).toBe(shown);
  });
});
