/**
 * A caller in a process of its own, timing the identity service's answers as a prober on another
 * machine would: the service's work after an answer cannot hold up this process's clock.
 *
 * Reads one JSON line per call from stdin, `{url, authorization, body}`, sends it, and writes
 * `{ms, status, errorType}` as one JSON line to stdout.
 */
import { createInterface } from 'node:readline';

type Call = { url: string; authorization: string; body: object };

for await (const line of createInterface({ input: process.stdin })) {
  const call = JSON.parse(line) as Call;
  const started = performance.now();
  const response = await fetch(call.url, {
    method: 'POST',
    headers: { authorization: call.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(call.body),
  });
  const answered = (await response.json()) as { error_type?: string };
  const ms = performance.now() - started;
  process.stdout.write(
    `${JSON.stringify({ ms, status: response.status, errorType: answered.error_type ?? 'ok' })}\n`,
  );
}
