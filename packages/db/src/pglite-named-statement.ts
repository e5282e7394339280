import { PGlite, protocol } from '@electric-sql/pglite';
import type { Db } from './connect.ts';

/** A statement run with text parameters, answering its rows as text fields in column order. */
export type NamedStatement = (values: readonly (string | null)[]) => Promise<(string | null)[][]>;

const { serialize } = protocol;

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * A statement the embedded database parses once and then runs by name, as a PostgreSQL server's
 * connection does with a named statement (decision 037). PGlite's own `query` sends each call as
 * an unnamed statement, parsed and planned again every time, in six exchanges with the
 * database; a named one is bound and executed in one. For the statements a long run repeats
 * thousands of times, such as the day a valuation writes.
 *
 * Calls wait for PGlite's transaction and query locks, as its `query` does, so that they never
 * fall inside another caller's transaction or between another statement's messages.
 */
function namedStatement(client: PGlite, name: string, text: string): NamedStatement {
  let parsed = false;
  return (values) =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        if (!parsed) {
          // On its own exchange, so that a failed first call cannot leave it half made.
          await client.execProtocol(joined([serialize.parse({ name, text }), serialize.sync()]));
          parsed = true;
        }
        const { messages } = await client.execProtocol(
          joined([
            serialize.bind({ statement: name, values: [...values] }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        return messages.flatMap((message) =>
          message instanceof protocol.messages.DataRowMessage ? [message.fields] : [],
        );
      }),
    );
}

const made = new WeakMap<PGlite, Map<string, NamedStatement>>();

/**
 * The named statement on the embedded database `db` is a handle of; undefined on a PostgreSQL
 * server, whose driver names statements itself, and inside a transaction, whose statements go
 * through the transaction's own handle. One per database and name.
 */
export function pgliteNamedStatement(
  db: Db,
  name: string,
  text: string,
): NamedStatement | undefined {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return undefined;
  let statements = made.get(client);
  if (!statements) {
    statements = new Map();
    made.set(client, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    statement = namedStatement(client, name, text);
    statements.set(name, statement);
  }
  return statement;
}
