import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './accepted-encoding.ts';

const READY = ['br', 'gzip'] as const;

describe('preferredEncoding', () => {
  it('takes the first ready encoding the client names', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', READY)).toBe('br');
    expect(preferredEncoding('gzip', READY)).toBe('gzip');
    expect(preferredEncoding('GZIP;q=0.5', READY)).toBe('gzip');
  });

  it('sends the body as it is when nothing ready is accepted', () => {
    expect(preferredEncoding(undefined, READY)).toBe('identity');
    expect(preferredEncoding('', READY)).toBe('identity');
    expect(preferredEncoding('deflate', READY)).toBe('identity');
  });

  it('honours q=0 refusals, also against a wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip', READY)).toBe('gzip');
    expect(preferredEncoding('*;q=0', READY)).toBe('identity');
    expect(preferredEncoding('*', READY)).toBe('br');
    expect(preferredEncoding('*, br;q=0', READY)).toBe('gzip');
    expect(preferredEncoding('br;q=abc, gzip', READY)).toBe('gzip');
  });
});
