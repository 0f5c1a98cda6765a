/** The command line: every option of every command, parsed by node:util parseArgs (strict). */
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  json: { type: 'boolean' },
  org: { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  dev: { type: 'boolean' },
  email: { type: 'string' },
  token: { type: 'string' },
  field: { type: 'string', multiple: true, short: 'f' },
  title: { type: 'string' },
  follow: { type: 'boolean' },
  force: { type: 'boolean' },
  'preserve-edited': { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  name: { type: 'string' },
  timeout: { type: 'string' },
  pdf: { type: 'boolean' },
  format: { type: 'string' },
} as const;

export type ParsedOptions = ReturnType<typeof parse>['values'];

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

export function parseCommandLine(argv: string[]): { command: string | undefined; args: string[]; options: ParsedOptions } {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [command, ...args] = parsed.positionals;
  return { command, args, options: parsed.values };
}

export const USAGE = `Usage: quire <command> [options]

Commands:
  login --dev [--email E]          log in as the dev user (dev mode servers)
  login --token T                  log in with a bearer token from your identity provider
  templates                        list the templates you can instantiate
  new <template> [--field k=v …]   create a document from a template (slug or id) [--title T]
  fields <document> [--field k=v …]
                                   show a document's fields (enum fields with their options);
                                   with --field, set those first (unknown names are refused)
  readiness <document>             say whether the document can be generated, and what is missing
                                   (exit 2 when it is not ready)
  generate <document> [--follow]   start generation [--force | --preserve-edited]; --follow shows
                                   progress and exits 0 finished, 2 blocked, 1 failed;
                                   --timeout <seconds> gives up (exit 1) without retrying
  export <document> [--pdf] [-o file]
                                   save the .docx, or the PDF (default: the server's file name)
  assess <files…> [--name N]       create an assessment with the files and show extraction
                                   progress; exit 1 (naming each file and why) when any failed
  word-template <template> <file.docx>
                                   store the template's Word template (refused with its problems)
  merge <template> <rows.csv|.xlsx> [--format docx|pdf] [-o result.zip]
                                   one document per row: start a merge run, follow it, save the
                                   zip; exit 1 (naming each row and why) when any row failed

Options for every command:
  --json            machine-readable output (one JSON document; progress as one object per line)
  --org <slug>      act in this organization (X-Org-Slug)
  --base-url <url>  the Quire server (default: the config file's, else ${'http://127.0.0.1:8000'})

Config file: $QUIRE_CONFIG, else $XDG_CONFIG_HOME/quire/config.json (~/.config/quire/config.json).
Exit codes: 0 ok; 1 error (API error, unreachable server, failed run, or any file or row
that failed); 2 not ready (readiness) or blocked run (generate --follow); 64 bad command line
(unknown command, option or field name).
`;
