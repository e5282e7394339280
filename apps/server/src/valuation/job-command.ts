import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isBusinessDay } from '@ballast/api';
import {
  connectDatabase,
  createDirectoryBlobStore,
  createSecretBox,
  maintainPglite,
  migrateDatabase,
} from '@ballast/db';
import { ConfigError, readConfig } from '../config.ts';
import type { CommandOutput } from '../firm-command.ts';
import { encryptionKeyOf } from '../identity-setup.ts';
import { valuationEngines } from './valuation-engine.ts';
import { valueThrough } from './valuation-schedule.ts';

export const JOB_COMMAND_HELP = `Usage: npm run job -- valuation --date YYYY-MM-DD [options]
   or: node apps/server/src/main.ts job valuation --date YYYY-MM-DD [options]

Values every open portfolio for each business day through the date: the days after the last one
each portfolio was valued, in order, from the market data of each day (decision 024). Running a
date twice changes nothing; a run stopped halfway is resumed by running it again; a range of
days is backfilled by naming its last day, since each day starts from the one before. Writes the
holding reports, the ledger, and at month and year end the statements and tax reports. Reads the
same environment as the server (README "Configuration"). With the embedded database (no
DATABASE_URL), stop the server first: only one process at a time may open it.

Options:
  --date YYYY-MM-DD      the last day to value (default: the last business day before today)
  --portfolio ID         only this portfolio (repeatable)
  --concurrency N        portfolios valued at once on a PostgreSQL server (default: 4)
  -h, --help             show this help

Exit status: 0 when every portfolio was valued through the date, 1 when some could not be (each
is listed with its error and recorded for operations), 2 for arguments it does not understand.
`;

const OPTIONS = {
  date: { type: 'string' },
  portfolio: { type: 'string', multiple: true },
  concurrency: { type: 'string', default: '4' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD naming a day of the calendar: JavaScript's parser rolls 2026-02-30 into March. */
function isCalendarDate(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`);
  return (
    ISO_DATE.test(date) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(date)
  );
}

function yesterday(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/** `job valuation …`: answers the process's exit code. */
export async function runJobCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CommandOutput,
  now: Date = new Date(),
): Promise<number> {
  const [job, ...rest] = args;
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: false });
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n\n${JOB_COMMAND_HELP}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help || job === '--help' || job === '-h') {
    output.out(JOB_COMMAND_HELP);
    return 0;
  }
  if (job !== 'valuation') {
    output.err(`Unknown job "${job ?? ''}": the one job is "valuation".\n\n${JOB_COMMAND_HELP}`);
    return 2;
  }
  const date = values.date ?? yesterday(now);
  if (!isCalendarDate(date)) {
    output.err(`--date: "${date}" is not a date written YYYY-MM-DD.`);
    return 2;
  }
  if (date > now.toISOString().slice(0, 10)) {
    output.err(`--date: ${date} is in the future; a day is valued from that day's market data.`);
    return 2;
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    output.err('--concurrency: a whole number from 1 to 64.');
    return 2;
  }
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      output.err(error.message);
      return 1;
    }
    throw error;
  }
  const database = await connectDatabase(config.database);
  try {
    await migrateDatabase(database);
    const stores = {
      blobs: createDirectoryBlobStore(join(config.dataDir, 'blobs')),
      box: createSecretBox(await encryptionKeyOf(config)),
    };
    const summary = await valueThrough(database.db, valuationEngines(config), stores, date, {
      portfolioIds: values.portfolio,
      concurrency: config.database.kind === 'postgres' ? concurrency : 1,
      // A backfill of many days on the embedded database vacuums and checkpoints as it goes.
      afterDay: config.database.kind === 'pglite' ? () => maintainPglite(database) : undefined,
    });
    const note = isBusinessDay(date) ? '' : ` (${date} is not a business day)`;
    output.out(
      `Valued ${summary.valued} portfolio-days over ${summary.portfolios} portfolios through ${summary.through}${note}.\n`,
    );
    if (summary.through < date) {
      output.out(`The market data reaches ${summary.through}; later days wait for it.\n`);
    }
    for (const failure of summary.failures) {
      output.err(
        `Portfolio ${failure.portfolioId} could not be valued for ${failure.date}: ${failure.error}`,
      );
    }
    return summary.failures.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}
