import type { Db } from '@ballast/db';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../app-error.ts';
import { authenticate, createCallerCache } from './authenticate.ts';

// The checks below happen before any query; a database that answers nothing proves it.
const unusedDb = new Proxy(
  {},
  {
    get: () => {
      throw new Error('the database was asked');
    },
  },
) as Db;

function requestWith(authorization?: string): FastifyRequest {
  return { headers: authorization ? { authorization } : {} } as FastifyRequest;
}

describe('authenticate', () => {
  it('refuses a session that has not proved the second factor its user enrolled', async () => {
    const verify = async () => ({
      sub: 'user-test-1',
      'https://ballast.app/second_factor': { enrolled: true, proved: false },
    });
    const attempt = authenticate(requestWith('Bearer x.y.z'), unusedDb, verify);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('answers not_authenticated for a missing or unverifiable token', async () => {
    const reject = async () => {
      throw new Error('bad signature');
    };
    await expect(authenticate(requestWith(), unusedDb, reject)).rejects.toMatchObject({
      code: 'not_authenticated',
    });
    await expect(authenticate(requestWith('Basic abc'), unusedDb, reject)).rejects.toMatchObject({
      code: 'not_authenticated',
    });
    await expect(authenticate(requestWith('Bearer x.y.z'), unusedDb, reject)).rejects.toMatchObject(
      { code: 'not_authenticated' },
    );
  });
});

describe('the caller cache', () => {
  const caller = {
    advisorId: 'a',
    firmId: 'f',
    role: 'ADVISOR',
    email: 'a@b.test',
    secondFactorRequired: false,
  } as const;

  it('answers a known caller for its moment only, so changes to the advisor soon bite', () => {
    vi.useFakeTimers();
    try {
      const cache = createCallerCache(2_000, 2);
      cache.set('user-1', caller);
      expect(cache.get('user-1')).toEqual(caller);
      vi.advanceTimersByTime(2_001);
      expect(cache.get('user-1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the oldest caller when full', () => {
    const cache = createCallerCache(60_000, 2);
    cache.set('user-1', caller);
    cache.set('user-2', caller);
    cache.set('user-3', caller);
    expect(cache.get('user-1')).toBeUndefined();
    expect(cache.get('user-3')).toEqual(caller);
  });

  it('forgets an advisor at once when told, whichever session found them', () => {
    const cache = createCallerCache(60_000);
    const colleague = { ...caller, advisorId: 'b' };
    cache.set('user-1', caller);
    cache.set('user-2', caller);
    cache.set('user-3', colleague);
    cache.forget('a');
    expect(cache.get('user-1')).toBeUndefined();
    expect(cache.get('user-2')).toBeUndefined();
    expect(cache.get('user-3')).toEqual(colleague);
  });

  it('authenticates a request once, however many times it is asked', async () => {
    const cache = createCallerCache();
    cache.set('user-1', caller);
    const verify = vi.fn(async () => ({ sub: 'user-1' }));
    const request = requestWith('Bearer x.y.z');
    await authenticate(request, unusedDb, verify, cache);
    await expect(authenticate(request, unusedDb, verify, cache)).resolves.toEqual(caller);
    expect(verify).toHaveBeenCalledTimes(1);
    await authenticate(requestWith('Bearer x.y.z'), unusedDb, verify, cache);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('serves a cached caller without asking the database again', async () => {
    const cache = createCallerCache();
    cache.set('user-1', caller);
    const verify = async () => ({ sub: 'user-1' });
    await expect(
      authenticate(requestWith('Bearer x.y.z'), unusedDb, verify, cache),
    ).resolves.toEqual(caller);
  });
});
