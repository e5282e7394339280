import type { Db } from '@ballast/db';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { authenticate } from './authenticate.ts';

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
