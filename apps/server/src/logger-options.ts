import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/**
 * The server's log settings. Query strings carry sign-in tokens and OAuth codes (`?token=…`),
 * so a request is logged by its path only; authorization headers and cookies are never logged.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
) {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
}
