import { renderStatement } from '../src/render-statement.ts';
import { manyHoldings, marchStatement } from '../test/statement-examples.ts';

/**
 * Milliseconds per statement PDF, for a statement about the size of a busy month: 60 holdings
 * and 201 transactions. Prints one JSON line.
 */

const RUNS = 30;

const example = marchStatement();
const data = {
  ...example,
  holdings: manyHoldings(60),
  transactions: Array.from({ length: 67 }, () => example.transactions).flat(),
};

const first = await renderStatement(data);
const started = performance.now();
for (let run = 0; run < RUNS; run += 1) await renderStatement(data);
const statementMs = (performance.now() - started) / RUNS;
console.log(
  JSON.stringify({ statement_ms: Math.round(statementMs * 10) / 10, bytes: first.length }),
);
