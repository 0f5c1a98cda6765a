/**
 * `quire login --dev [--email E]` or `quire login --token T`: checks the token with
 * `GET /v1/whoami`, then saves it with the base URL (and `--org`) in the config file. Nothing is
 * saved when the check fails.
 */
import { devLogin, whoami } from '../../auth.js';
import { createQuireClient } from '../../client.js';
import { writeConfig } from '../config-file.js';
import type { CommandContext } from '../context.js';
import { UsageError } from '../usage-error.js';

export async function login(ctx: CommandContext): Promise<number> {
  const { dev, token: given, email } = ctx.options;
  if (Boolean(dev) === (given !== undefined)) throw new UsageError('login needs exactly one of --dev or --token <token>');
  const token = given ?? (await devLogin(ctx.baseUrl));
  const caller = await whoami(createQuireClient({ baseUrl: ctx.baseUrl, token, org: ctx.org }));
  // The dev login takes no body: it always signs in the dev user. --email states who you expect
  // to be, so a script never goes on as someone else.
  if (email !== undefined && caller.user.email !== email) {
    throw new Error(`this server's dev login signs in ${caller.user.email ?? 'an anonymous user'}, not ${email}`);
  }
  const file = await writeConfig(ctx.io, { baseUrl: ctx.baseUrl, token, ...(ctx.org ? { org: ctx.org } : {}) });
  ctx.result(
    { baseUrl: ctx.baseUrl, email: caller.user.email, organizations: caller.user.organizations, activeOrg: caller.activeOrg, config: file },
    `Logged in to ${ctx.baseUrl} as ${caller.user.email ?? '(no email)'} — organizations: ${caller.user.organizations.join(', ')}; acting in ${caller.activeOrg ?? '(default)'}.\nSaved to ${file}.`,
  );
  return 0;
}
