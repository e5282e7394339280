import { parseArgs } from 'node:util';
import { AppError, createFirm, type FirmCreationResult, FirmCreationSchema } from '@ballast/api';
import { INVITATION_LINK_MINUTES } from '@ballast/contract';
import { connectDatabase, migrateDatabase } from '@ballast/db';
import Fastify from 'fastify';
import { createAdvisorAccess } from './advisor-access.ts';
import { type Config, ConfigError, readConfig } from './config.ts';
import { prepareIdentity, registerIdentity } from './identity-setup.ts';
import { loggerOptions } from './logger-options.ts';

const LINK_LIFETIME = `${INVITATION_LINK_MINUTES / (24 * 60)} days`;

export const FIRM_COMMAND_HELP = `Usage: npm run firm -- create --name NAME --admin-email ADDRESS [options]
   or: node apps/server/src/main.ts firm create --name NAME --admin-email ADDRESS [options]

Creates a firm and its first administrator, and e-mails the administrator a single-use sign-in
link that works for ${LINK_LIFETIME}; opening it, they choose a password or a passkey, then invite
the firm's other users on the /admin screen (decision 022). Reads the same environment as the
server (README "Configuration") and migrates the database first. Without SMTP_URL the link is
printed here instead, for you to hand to the administrator. With the embedded database (no
DATABASE_URL), stop the server first: only one process at a time may open it.

Options:
  --name NAME                the firm's name, as its users see it
  --admin-email ADDRESS      the first administrator's e-mail address
  --admin-first-name NAME    their first name (default: Firm)
  --admin-last-name NAME     their last name (default: Administrator); they can change both
                             in Settings once signed in
  -h, --help                 show this help

Running it again:
  With the same name and the e-mail of an active administrator of that firm, it creates nothing
  and says so; if that administrator has never signed in, it sends a fresh link (the earlier one
  stops working), so a lost or expired invitation is recovered by running the command again.
  It refuses an e-mail that belongs to a user of another firm (a person belongs to one firm
  only), an e-mail of a user of the firm who is not an active administrator, and a name another
  firm has with an e-mail that is none of its users. Names are compared without regard to case.
`;

export type CommandOutput = { out(text: string): void; err(text: string): void };

const OPTIONS = {
  name: { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-first-name': { type: 'string', default: 'Firm' },
  'admin-last-name': { type: 'string', default: 'Administrator' },
  help: { type: 'boolean', short: 'h' },
} as const;

// Where each field of the creation comes from on the command line, to name it in an error.
const OPTION_OF_FIELD: Record<string, string> = {
  name: '--name',
  'administrator.email': '--admin-email',
  'administrator.firstName': '--admin-first-name',
  'administrator.lastName': '--admin-last-name',
};

/**
 * `firm create …`: the first run of an installation. Answers the process's exit code: 0 when the
 * firm was created or already exists as asked, 1 when it was refused or failed, 2 for arguments
 * it does not understand. Every failure is one line (configuration errors name each variable).
 */
export async function runFirmCommand(
  args: string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  const parsed = parseCommandLine(args);
  if (typeof parsed === 'string') return usageError(output, parsed);
  const { values, positionals } = parsed;
  if (values.help) {
    output.out(FIRM_COMMAND_HELP);
    return 0;
  }
  const [action, ...extra] = positionals;
  if (action !== 'create') {
    return usageError(
      output,
      action
        ? `Unknown action "${action}"; the one action is "create".`
        : 'Name an action: create.',
    );
  }
  if (extra.length > 0) return usageError(output, `Unexpected argument "${extra[0]}".`);
  if (values.name === undefined) return usageError(output, '--name is required.');
  if (values['admin-email'] === undefined) return usageError(output, '--admin-email is required.');
  const creation = FirmCreationSchema.safeParse({
    name: values.name,
    administrator: {
      email: values['admin-email'],
      firstName: values['admin-first-name'],
      lastName: values['admin-last-name'],
    },
  });
  if (!creation.success) {
    const issue = creation.error.issues[0];
    const option = OPTION_OF_FIELD[issue?.path.join('.') ?? ''] ?? 'an option';
    return usageError(output, `${option}: ${issue?.message ?? 'is not valid.'}`);
  }

  try {
    const config = readConfig(env, process.cwd(), 'first-run');
    const result = await createWithConfig(config, creation.data);
    output.out(report(result, config));
    return 0;
  } catch (error) {
    output.err(
      error instanceof ConfigError || error instanceof AppError
        ? error.message
        : `Ballast could not create the firm: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

function parseCommandLine(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's own wording runs on with advice about `--`; its first sentence is the reason.
    const message = error instanceof Error ? error.message : String(error);
    return (message.split(/(?<=\.) /)[0] ?? message).replace(/\.?$/, '.');
  }
}

function usageError(output: CommandOutput, reason: string): number {
  output.err(`${reason} Run with --help for usage.`);
  return 2;
}

/**
 * Connects and migrates as the server does, and builds the identity service and the access port
 * on a Fastify instance that never listens: the command needs their services, not their routes.
 */
async function createWithConfig(
  config: Config,
  creation: Parameters<typeof createFirm>[2],
): Promise<FirmCreationResult> {
  const database = await connectDatabase(config.database);
  try {
    await migrateDatabase(database);
    const identity = await prepareIdentity(config, database, `http://localhost:${config.port}`);
    // Log lines go to standard error, so standard output holds only the command's answer.
    const app = Fastify({ logger: loggerOptions(config, process.stderr) });
    try {
      const { services, project } = await registerIdentity(app, identity);
      return await createFirm(database.db, createAdvisorAccess(services, project), creation);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** What happened, in words; the link itself only when no transport took it. */
function report(result: FirmCreationResult, config: Config): string {
  const { firm, administrator, invitation } = result;
  const lines = [
    result.outcome === 'created'
      ? `Created the firm "${firm.name}" (id ${firm.id}).`
      : `The firm "${firm.name}" (id ${firm.id}) already exists with this administrator; nothing new was created.`,
    `  administrator: ${administrator.email}`,
  ];
  if (result.outcome === 'exists' && invitation) {
    lines.push(
      `  ${administrator.email} has not signed in yet, so a fresh link was made; earlier ones no longer work.`,
    );
  }
  if (!invitation) {
    lines.push(
      `  ${administrator.email} has signed in already, so no link was sent. They invite the firm's users on /admin.`,
    );
  } else if (invitation.delivered) {
    lines.push(
      config.mode === 'demo' && !config.mail.smtpUrl
        ? `  sign-in link kept in the outbox at /dev/outbox (demo mode); it works once, within ${LINK_LIFETIME}.`
        : `  sign-in link sent to ${administrator.email}; it works once, within ${LINK_LIFETIME}.`,
    );
  } else {
    lines.push(
      config.mail.smtpUrl
        ? '  The e-mail could not be sent (see the mail server). Give the administrator this link yourself;'
        : '  No mail transport is configured (SMTP_URL), so give the administrator this link yourself;',
      `  it works once, within ${LINK_LIFETIME}:`,
      '',
      `  ${invitation.link}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
