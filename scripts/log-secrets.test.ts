import { describe, expect, it } from 'vitest';
import { findSecrets, knownPasswords } from './log-secrets.ts';

// Lines as pino writes them for the server: what a clean log looks like.
const CLEAN = [
  '{"level":30,"time":1,"reqId":"8d1c","req":{"method":"POST","path":"/sdk/v1/magic_links/authenticate","remoteAddress":"127.0.0.1"},"msg":"incoming request"}',
  '{"level":30,"time":2,"reqId":"8d1c","res":{"statusCode":200},"responseTime":12.5,"msg":"request completed"}',
  '{"level":50,"time":3,"err":{"type":"Error","message":"The action was changed meanwhile."},"msg":"unhandled error"}',
].join('\n');

describe('findSecrets', () => {
  it('finds nothing in the lines a server writes about its requests', () => {
    expect(findSecrets(CLEAN)).toEqual([]);
  });

  it.each([
    ['a session JWT', 'jwt eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXBhcnQ'],
    ['a credential header', 'sent Bearer abcdefghijklmnopqrstuvwx'],
    ['a social security number', 'params: 123-45-6789,2001-02-03'],
    ['an employer identification number', 'owner 12-3456789'],
    ['a tax id or date of birth field', '{"owner":{"dob":"1970-01-01"}}'],
    ['a password field', '{"body":{"password":"x"}}'],
    ['a token field', '{"token":"x"}'],
    ['a token in a query string', '"url":"/authenticate?token=abcdef123456"'],
    ['an authorization or cookie header', '{"headers":{"authorization":"x"}}'],
  ])('finds %s', (what, line) => {
    expect(findSecrets(`${CLEAN}\n${line}`)).toEqual([{ file: '', line: 4, what }]);
  });

  it('finds a password the tests sign in with', () => {
    const [password] = knownPasswords();
    expect(password).toBeDefined();
    expect(findSecrets(`failed for ${password}`, knownPasswords())).toEqual([
      { file: '', line: 1, what: 'a known password' },
    ]);
  });
});
