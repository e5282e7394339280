import { describe, expect, it } from 'vitest';
import { needsSecondFactor, readJwtPayload } from './session-claims.ts';

function jwtWith(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'ES256' })}.${encode(payload)}.signature`;
}

describe('session claims', () => {
  it('reads the payload of a JWT, URL-safe base64 and all', () => {
    expect(readJwtPayload(jwtWith({ sub: 'user-1', name: 'Zoë ~ ? >' }))).toEqual({
      sub: 'user-1',
      name: 'Zoë ~ ? >',
    });
    expect(readJwtPayload('not a jwt')).toBeNull();
    expect(readJwtPayload('a.@@@.c')).toBeNull();
  });

  it('asks for the second factor only when one is enrolled and not yet proved', () => {
    const claim = 'https://ballast.app/second_factor';
    expect(needsSecondFactor(jwtWith({ [claim]: { enrolled: true, proved: false } }))).toBe(true);
    expect(needsSecondFactor(jwtWith({ [claim]: { enrolled: true, proved: true } }))).toBe(false);
    expect(needsSecondFactor(jwtWith({ [claim]: { enrolled: false, proved: false } }))).toBe(false);
    expect(needsSecondFactor(jwtWith({ sub: 'x' }))).toBe(false);
    expect(needsSecondFactor(undefined)).toBe(false);
  });
});
