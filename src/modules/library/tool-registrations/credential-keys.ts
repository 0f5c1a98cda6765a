/**
 * ⚠ CREDENTIALS ARE NEVER STORED ⚠ (spec Authentication rule 9). Tool configuration is plain
 * data any member of the organization can read back, so a credential in it would leak. This
 * finds credential-like keys at any depth (objects inside arrays too), case- and
 * separator-insensitively (`apiKey`, `api_key`, `X-API-Key`, `clientSecret`, `githubToken` …),
 * plus credentials hidden in URLs (`user:pass@`, `?api_key=`), plus credentials recognized by
 * their VALUE under a harmless key (`{"headers":{"X-Custom":"Bearer …"}}`): authorization
 * schemes, JWTs, provider key formats (OpenAI/Anthropic `sk-…`, GitHub `ghp_…`/`github_pat_…`,
 * AWS access key ids, Slack `xox…-`, Google `AIza…`), PEM private keys. Like a credential-named
 * key, such a value is refused (422), never stored or echoed. Reports name the path, never the value.
 */

/** Normalized key endings that mean "this holds a credential". */
const CREDENTIAL_SUFFIXES = [
  'apikey',
  'token',
  'accesstoken',
  'refreshtoken',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'clientsecret',
  'authorization',
  'auth',
  'cookie',
  'setcookie',
  'privatekey',
  'credential',
  'credentials',
  'sessionid',
  'accesskey',
  'secretkey',
  'signature',
  'bearer',
  'jwt',
];

/** Keys that merely look like a suffix match but are ordinary configuration. */
const HARMLESS_KEYS = new Set(['maxtokens', 'tokens', 'oauth']);

function normalize(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a key (or header/parameter name) names a credential. */
export function isCredentialKey(key: string): boolean {
  const n = normalize(key);
  if (n === '' || HARMLESS_KEYS.has(n)) return false;
  return CREDENTIAL_SUFFIXES.some((suffix) => n === suffix || n.endsWith(suffix));
}

/** Credential-like parts of a URL string: user info or credential-named query parameters. */
function urlCredentials(text: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return 'a URL with user:password';
  const param = [...url.searchParams.keys()].find(isCredentialKey);
  return param === undefined ? null : `a URL with the query parameter "${param}"`;
}

/** Values that are credentials whatever key holds them, each with what to call it. */
const CREDENTIAL_VALUES: Array<[RegExp, string]> = [
  [/^\s*(bearer|basic|token|digest|negotiate|apikey)\s+\S{8,}/i, 'an authorization header value'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/, 'a JWT'],
  [/\bsk-[A-Za-z0-9_-]{16,}/, 'an API key (sk-…)'],
  [/\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}/, 'a GitHub token'],
  [/\b(AKIA|ASIA)[0-9A-Z]{16}\b/, 'an AWS access key id'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}/, 'a Slack token'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/, 'a Google API key'],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
];

/** What credential a string value is, by its form, or null. */
function valueCredential(text: string): string | null {
  const match = CREDENTIAL_VALUES.find(([pattern]) => pattern.test(text));
  return match ? match[1] : urlCredentials(text);
}

/**
 * Paths of every credential-like key or URL in a JSON value, e.g. `configJson.auth.token`.
 * An empty list means the value may be stored.
 */
export function findCredentials(value: unknown, path = 'configJson'): string[] {
  if (typeof value === 'string') {
    const why = valueCredential(value);
    return why === null ? [] : [`${path} (${why})`];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => findCredentials(item, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}.${key}`;
    if (isCredentialKey(key)) found.push(childPath);
    else found.push(...findCredentials(child, childPath));
  }
  return found;
}
