/** Logging in: the password-less dev login of dev mode (`POST /auth/dev-login`). */
import { type QuireClient, createQuireClient } from './client.js';
import { unwrap } from './unwrap.js';

export async function devLogin(baseUrl: string): Promise<string> {
  const client = createQuireClient({ baseUrl });
  return unwrap(await client.service.POST('/auth/dev-login')).token;
}

/** Who the token belongs to and the organization the calls act in. */
export async function whoami(client: QuireClient) {
  return unwrap(await client.v1.GET('/v1/whoami'));
}
