import type { FastifyRequest } from 'fastify';

/**
 * The SDK authenticates every call with `Basic base64(public_token:session_token)`, putting the
 * public token in both places when nobody is signed in.
 */
export function readSdkAuth(
  request: FastifyRequest,
): { publicToken: string; sessionToken?: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const publicToken = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  return secret && secret !== publicToken ? { publicToken, sessionToken: secret } : { publicToken };
}
