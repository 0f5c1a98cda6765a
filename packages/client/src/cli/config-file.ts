/**
 * The CLI's config file: the base URL and the token `quire login` saved (and the organization
 * when `--org` was given). `$QUIRE_CONFIG` names it; otherwise
 * `$XDG_CONFIG_HOME/quire/config.json`, by default `~/.config/quire/config.json`. Written with
 * mode 0600: it holds a bearer token.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from './io.js';
import { UsageError } from './usage-error.js';

export interface CliConfig {
  baseUrl?: string;
  token?: string;
  org?: string;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8000';

export function configPath(io: CliIo): string {
  if (io.env.QUIRE_CONFIG) return path.resolve(io.cwd, io.env.QUIRE_CONFIG);
  return path.join(io.env.XDG_CONFIG_HOME || path.join(io.homedir, '.config'), 'quire', 'config.json');
}

export async function readConfig(io: CliIo): Promise<CliConfig> {
  const file = configPath(io);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not valid JSON; fix it or run \`quire login\` again`);
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const read = (key: string): string | undefined => {
    const value: unknown = Object.getOwnPropertyDescriptor(parsed, key)?.value;
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  return { baseUrl: read('baseUrl'), token: read('token'), org: read('org') };
}

export async function writeConfig(io: CliIo, config: CliConfig): Promise<string> {
  const file = configPath(io);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await fs.chmod(file, 0o600);
  return file;
}
