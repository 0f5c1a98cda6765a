/** What every command gets: the parsed command line, the config, a client and the output. */
import { type QuireClient, createQuireClient } from '../client.js';
import { type CliConfig, DEFAULT_BASE_URL } from './config-file.js';
import type { CliIo } from './io.js';
import type { ParsedOptions } from './options.js';
import { UsageError } from './usage-error.js';

export interface CommandContext {
  io: CliIo;
  options: ParsedOptions;
  /** Positional arguments after the command name. */
  args: string[];
  json: boolean;
  config: CliConfig;
  /** `--base-url`, else the config file's, else the local default. */
  baseUrl: string;
  /** `--org`, else the config file's; absent: the server's default organization. */
  org: string | undefined;
  /** A client with the saved token; a usage error when nobody logged in. */
  client(): QuireClient;
  /** The command's result: JSON on stdout with `--json`, the human text otherwise. */
  result(json: unknown, human: string): void;
  /** A progress line as it happens: one JSON object per line with `--json`. */
  progress(json: unknown, human: string): void;
}

export function commandContext(io: CliIo, options: ParsedOptions, args: string[], config: CliConfig): CommandContext {
  const json = options.json === true;
  const baseUrl = (options['base-url'] ?? config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const org = options.org ?? config.org;
  const write = (value: unknown, human: string) => io.stdout.write(json ? `${JSON.stringify(value)}\n` : human.endsWith('\n') ? human : `${human}\n`);
  return {
    io,
    options,
    args,
    json,
    config,
    baseUrl,
    org,
    client: () => {
      if (!config.token) throw new UsageError('not logged in: run `quire login --dev` or `quire login --token <token>` first');
      return createQuireClient({ baseUrl, token: config.token, org });
    },
    result: (value, human) => write(value, human),
    progress: (value, human) => write(value, human),
  };
}

/** The one positional argument a command needs, or a usage error naming it. */
export function requireArg(ctx: CommandContext, index: number, name: string): string {
  const value = ctx.args[index];
  if (value === undefined || value === '') throw new UsageError(`missing <${name}>`);
  return value;
}
