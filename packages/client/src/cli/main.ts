/**
 * `quire`: the command-line client. `main(argv, io)` returns the exit code (bin/quire.mjs sets
 * it on the process; tests call it in-process with their own io).
 */
import { GenerateConflict, QuireApiError, ProgressDeadlineExceeded, ProgressStreamInterrupted, detailMessage } from '../errors.js';
import { assess } from './commands/assess.js';
import { exportCommand } from './commands/export.js';
import { fields } from './commands/fields.js';
import { generate } from './commands/generate.js';
import { login } from './commands/login.js';
import { merge } from './commands/merge.js';
import { newDocument } from './commands/new-document.js';
import { readiness } from './commands/readiness.js';
import { templates } from './commands/templates.js';
import { wordTemplate } from './commands/word-template.js';
import { readConfig } from './config-file.js';
import { type CommandContext, commandContext } from './context.js';
import { EXIT } from './exit-codes.js';
import { type CliIo, processIo } from './io.js';
import { USAGE, parseCommandLine } from './options.js';
import { ServerUnreachable, unreachableServer } from './unreachable-server.js';
import { UsageError } from './usage-error.js';

const COMMANDS: Record<string, (ctx: CommandContext) => Promise<number>> = {
  login,
  templates,
  new: newDocument,
  fields,
  readiness,
  generate,
  export: exportCommand,
  assess,
  'word-template': wordTemplate,
  merge,
};

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let json = argv.includes('--json');
  let server: string | undefined;
  try {
    const { command, args, options } = parseCommandLine(argv);
    json = options.json === true;
    if (options.help || command === undefined || command === 'help') {
      io.stdout.write(USAGE);
      return command === undefined && !options.help ? EXIT.usage : EXIT.ok;
    }
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw new UsageError(`unknown command "${command}"`);
    const ctx = commandContext(io, options, args, await readConfig(io));
    server = ctx.baseUrl;
    return await run(ctx);
  } catch (error) {
    return reportError(io, json, unreachableServer(error, server) ?? error);
  }
}

function reportError(io: CliIo, json: boolean, error: unknown): number {
  const code = error instanceof UsageError ? EXIT.usage : EXIT.failed;
  const status = error instanceof QuireApiError ? error.status : undefined;
  const detail = error instanceof QuireApiError ? error.detail : error instanceof Error ? error.message : String(error);
  if (json) {
    io.stderr.write(`${JSON.stringify({ error: errorName(error), ...(status === undefined ? {} : { status }), detail })}\n`);
  } else {
    const message =
      error instanceof GenerateConflict
        ? error.message
        : error instanceof QuireApiError
          ? `${detailMessage(detail)} (HTTP ${status})`
          : error instanceof Error
            ? error.message
            : String(error);
    io.stderr.write(`quire: ${message}\n${code === EXIT.usage ? 'Run `quire --help` for usage.\n' : ''}`);
  }
  return code;
}

function errorName(error: unknown): string {
  if (error instanceof UsageError) return 'usage';
  if (error instanceof QuireApiError) return error.name === 'GenerateConflict' ? 'generate_conflict' : 'api';
  if (error instanceof ProgressStreamInterrupted || error instanceof ProgressDeadlineExceeded) return 'progress_stream';
  return error instanceof ServerUnreachable || error instanceof TypeError ? 'transport' : 'error';
}
