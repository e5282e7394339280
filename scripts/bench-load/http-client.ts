import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export type OutgoingCall = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Whether a successful answer's body is wanted. Otherwise it is read and dropped: holding on
   * to 30 lists a second of 380 kB each makes this process collect garbage in pauses of tens of
   * milliseconds, which would count in every latency. An error's body is always kept.
   */
  keepBody?: boolean;
};

export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export type HttpClient = {
  /** Sends the call and resolves once the whole answer has arrived; rejects on network errors. */
  send(call: OutgoingCall): Promise<Answer>;
  close(): void;
};

/**
 * Plain node:http over kept-alive connections, at most `maxConnections` at once; calls beyond
 * them wait for a free one, as a browser's do. Answers are read to their last byte but left
 * compressed: a browser's decompression costs its own CPU, not the server's, and on two shared
 * cores it would be taken from the server.
 */
export function createHttpClient(
  origin: string,
  options: { noAnswerMs: number; maxConnections: number },
): HttpClient {
  const { noAnswerMs, maxConnections } = options;
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: maxConnections });
  return {
    send: (call) =>
      new Promise((resolve, reject) => {
        const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
        const outgoing = request(
          {
            host: hostname,
            port,
            method: call.method,
            path: call.path,
            agent,
            timeout: noAnswerMs,
            headers: {
              ...call.headers,
              ...(body
                ? { 'content-type': 'application/json', 'content-length': body.length }
                : {}),
            },
          },
          (response) => {
            const status = response.statusCode ?? 0;
            const keep = call.keepBody === true || status < 200 || status > 299;
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => {
              if (keep) chunks.push(chunk);
            });
            response.on('error', reject);
            response.on('end', () =>
              resolve({
                status,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${noAnswerMs} ms`)));
        outgoing.on('error', reject);
        outgoing.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** The answer's JSON, decompressed as its Content-Encoding says. */
export function jsonOf<T>(answer: Answer): T {
  const encoding = answer.headers['content-encoding'];
  const raw =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : encoding === 'deflate'
          ? inflateSync(answer.body)
          : answer.body;
  return JSON.parse(raw.toString('utf8')) as T;
}
