import { parseArgs } from 'node:util';
import { type Config, ConfigError, readConfig } from '../config.ts';
import type { CommandOutput } from '../firm-command.ts';

/** The options both commands take: one file option that must be given, and their own. */
type Options = Record<string, { type: 'string' | 'boolean'; short?: string; default?: boolean }>;

type Values<O extends Options> = {
  [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean;
};

/**
 * How `backup` and `restore` start: their arguments read strictly, `--help` answered, the option
 * they need checked, and the configuration read as the server reads it (without its mail). Answers
 * the exit code when the command ends there: 0 after the help, 1 for bad configuration, 2 for
 * arguments it does not understand.
 */
export function startOperatorCommand<O extends Options>(
  input: {
    args: string[];
    env: Record<string, string | undefined>;
    output: CommandOutput;
    cwd: string;
  },
  command: { options: O; required: keyof O & string; help: string },
): { values: Values<O>; config: Config } | { exit: number } {
  const { output } = input;
  const usageError = (reason: string) => {
    output.err(`${reason} Run with --help for usage.`);
    return { exit: 2 };
  };
  let values: Values<O> & { help?: boolean };
  try {
    ({ values } = parseArgs({
      args: input.args,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }) as { values: Values<O> & { help?: boolean } });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    output.out(command.help);
    return { exit: 0 };
  }
  if (!values[command.required]) return usageError(`--${command.required} is required.`);
  try {
    return { values, config: readConfig(input.env, input.cwd, 'operator') };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(error.message);
    return { exit: 1 };
  }
}
