/**
 * The allow-list of tool classes an organization may register, and what each one's `configJson`
 * must look like. Checked at registration so a bad config is a 422 now, not a failed run later.
 * Unknown config keys are refused too: a typo (`resultpath`) would otherwise do nothing silently.
 * (The adapters in src/adapters/tools implement the classes; modules may not import them.)
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { excerpt } from '../../../kernel/limits.js';

type Config = Record<string, unknown>;
type ConfigCheck = (config: Config) => string[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

function unknownKeys(config: Config, allowed: string[]): string[] {
  return Object.keys(config)
    .filter((k) => !allowed.includes(k))
    .map((k) => `configJson.${k} is not a setting of this tool class (settings: ${allowed.join(', ') || 'none'})`);
}

function httpUrl(config: Config, key: string): string[] {
  const raw = config[key];
  if (typeof raw !== 'string' || raw.trim() === '') return [`configJson.${key} is required: the http(s) URL to call`];
  try {
    const url = new URL(raw.replace(/\{\{[^}]*\}\}/g, 'x'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [`configJson.${key} must be an http or https URL`];
  } catch {
    return [`configJson.${key} must be an absolute http(s) URL`];
  }
  return [];
}

const RESERVED_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'accept', 'user-agent', 'x-user-email', 'x-org-slug'];

const checkHttpJson: ConfigCheck = (config) => {
  const errors = [...unknownKeys(config, ['url', 'method', 'query', 'bodyTemplate', 'resultPath', 'headers']), ...httpUrl(config, 'url')];
  const method = config.method ?? 'GET';
  if (typeof method !== 'string' || !['GET', 'POST'].includes(method.toUpperCase())) errors.push('configJson.method must be GET or POST');
  if (config.query !== undefined && !(isObject(config.query) && Object.values(config.query).every(isScalar)))
    errors.push('configJson.query must be an object of string, number or boolean values');
  if (config.headers !== undefined && !(isObject(config.headers) && Object.values(config.headers).every((v) => typeof v === 'string')))
    errors.push('configJson.headers must be an object of string values');
  // The gateway sets these itself; a tenant-chosen Host could reach other virtual hosts of an allow-listed server.
  const reserved = isObject(config.headers) ? Object.keys(config.headers).filter((h) => RESERVED_HEADERS.includes(h.toLowerCase())) : [];
  if (reserved.length > 0) errors.push(`configJson.headers must not set ${reserved.join(', ')} (the gateway sets it)`);
  if (config.bodyTemplate !== undefined && typeof method === 'string' && method.toUpperCase() !== 'POST')
    errors.push('configJson.bodyTemplate needs method POST');
  if (config.resultPath !== undefined && typeof config.resultPath !== 'string') errors.push('configJson.resultPath must be a dot path such as "data.items.0"');
  return errors;
};

const checkMcpHttp: ConfigCheck = (config) => {
  const errors = [...unknownKeys(config, ['url', 'tool']), ...httpUrl(config, 'url')];
  if (typeof config.tool !== 'string' || config.tool.trim() === '') errors.push('configJson.tool is required: the name of the MCP tool to call');
  return errors;
};

const checkDateAdd: ConfigCheck = (config) => unknownKeys(config, []);

const checkCurrencyConvert: ConfigCheck = (config) => {
  const errors = unknownKeys(config, ['base', 'rates', 'asOf', 'decimals']);
  if (typeof config.base !== 'string' || !/^[A-Za-z]{3}$/.test(config.base))
    errors.push('configJson.base is required: a three-letter currency code such as "EUR"');
  if (!isObject(config.rates) || Object.keys(config.rates).length === 0)
    errors.push('configJson.rates is required: {CODE: units per 1 base}, e.g. {"USD": 1.08}');
  else {
    for (const [code, rate] of Object.entries(config.rates)) {
      if (!/^[A-Za-z]{3}$/.test(code)) errors.push(`configJson.rates.${code} is not a three-letter currency code`);
      else if (typeof rate !== 'number' || !(rate > 0)) errors.push(`configJson.rates.${code} must be a positive number`);
    }
  }
  if (config.asOf !== undefined && typeof config.asOf !== 'string') errors.push('configJson.asOf must be a string (the date of the rates)');
  if (config.decimals !== undefined && !(Number.isInteger(config.decimals) && Number(config.decimals) >= 0 && Number(config.decimals) <= 8))
    errors.push('configJson.decimals must be an integer from 0 to 8');
  return errors;
};

/** The registrable classes and their config checks. */
const TOOL_CLASSES: Record<string, { description: string; check: ConfigCheck }> = {
  'http.json': { description: 'GET/POST a JSON API at a configured URL', check: checkHttpJson },
  'mcp.http': { description: 'a Model Context Protocol server over streamable HTTP', check: checkMcpHttp },
  'builtin.date_add': { description: 'date arithmetic', check: checkDateAdd },
  'builtin.currency_convert': { description: 'currency conversion with a rate table in config', check: checkCurrencyConvert },
};

/** The class names, for messages and docs. */
export const TOOL_CLASS_PATHS = Object.keys(TOOL_CLASSES);

/**
 * Checks a class path against the allow-list and its config against the class's rules.
 *
 * @throws DomainValidationError naming every problem.
 */
export function assertValidToolConfig(classPath: string, config: Record<string, unknown>): void {
  const toolClass = Object.hasOwn(TOOL_CLASSES, classPath) ? TOOL_CLASSES[classPath] : undefined;
  if (!toolClass) throw new DomainValidationError(`classPath "${excerpt(classPath)}" is not a tool class; use one of: ${TOOL_CLASS_PATHS.join(', ')}`);
  const errors = toolClass.check(config);
  if (errors.length > 0) throw new DomainValidationError(`invalid configJson for ${classPath}: ${errors.join('; ')}`);
}
