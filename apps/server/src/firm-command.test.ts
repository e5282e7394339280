import { describe, expect, it } from 'vitest';
import { FIRM_COMMAND_HELP, runFirmCommand } from './firm-command.ts';

/** Runs the command with `args` and no environment, collecting what it writes. */
async function run(args: string[], env: Record<string, string> = {}) {
  const written = { out: '', err: '' };
  const code = await runFirmCommand(args, env, {
    out: (text) => {
      written.out += text;
    },
    err: (text) => {
      written.err += text;
    },
  });
  return { code, ...written };
}

// These stop before the database is opened; first-run.integration.test.ts runs the rest.
describe('the firm command (decision 022)', () => {
  it('prints its help, with the rules of a re-run, and succeeds', async () => {
    for (const args of [['--help'], ['create', '-h'], ['-h']]) {
      expect(await run(args)).toEqual({ code: 0, out: FIRM_COMMAND_HELP, err: '' });
    }
    expect(FIRM_COMMAND_HELP).toContain('works for 7 days');
    expect(FIRM_COMMAND_HELP).toContain('Running it again:');
  });

  it('refuses arguments it cannot use in one line, with exit code 2', async () => {
    const cases: [string[], string][] = [
      [[], 'Name an action: create.'],
      [['delete'], 'Unknown action "delete"; the one action is "create".'],
      [['create', 'extra', '--name', 'F', '--admin-email', 'a@f.test'], 'Unexpected argument'],
      [['create', '--admin-email', 'a@f.test'], '--name is required.'],
      [['create', '--name', 'F'], '--admin-email is required.'],
      [['create', '--name', 'F', '--admin-email'], "Option '--admin-email <value>' argument"],
      [
        ['create', '--name', 'F', '--admin-email', 'a@f.test', '--admin'],
        "Unknown option '--admin'.",
      ],
      [['create', '--name', ' ', '--admin-email', 'a@f.test'], '--name: The firm needs a name.'],
      [['create', '--name', 'F', '--admin-email', 'a@'], '--admin-email: Please enter a valid'],
      [
        ['create', '--name', 'F', '--admin-email', 'a@f.test', '--admin-first-name', ''],
        '--admin-first-name: ',
      ],
    ];
    for (const [args, reason] of cases) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toContain(reason);
      expect(result.err).toMatch(/ Run with --help for usage\.$/);
      expect(result.err).not.toContain('\n');
    }
  });

  it('names each missing variable of production mode, but not SMTP_URL', async () => {
    const result = await run(['create', '--name', 'F', '--admin-email', 'a@f.test'], {
      MODE: 'production',
    });
    expect(result.code).toBe(1);
    expect(result.err).toContain('ENCRYPTION_KEY: is required when MODE=production');
    expect(result.err).toContain('PUBLIC_URL: is required when MODE=production');
    expect(result.err).not.toContain('SMTP_URL');
  });
});
