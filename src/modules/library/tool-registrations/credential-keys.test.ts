import { describe, expect, it } from 'vitest';
import { findCredentials, isCredentialKey } from './credential-keys.js';

describe('credential keys', () => {
  it.each([
    'apiKey',
    'api_key',
    'X-API-Key',
    'token',
    'accessToken',
    'refresh_token',
    'githubToken',
    'password',
    'PASSWORD',
    'secret',
    'clientSecret',
    'client-secret',
    'Authorization',
    'cookie',
    'Set-Cookie',
    'privateKey',
    'private_key',
    'credentials',
    'auth',
    'basicAuth',
    'sessionId',
  ])('%s is a credential', (key) => {
    expect(isCredentialKey(key)).toBe(true);
  });

  it.each(['url', 'method', 'query', 'resultPath', 'maxTokens', 'tool', 'base', 'rates', 'author', 'headers', 'currency', 'tokenizer'])(
    '%s is ordinary configuration',
    (key) => {
      expect(isCredentialKey(key)).toBe(false);
    },
  );

  it('finds credentials at any depth, inside arrays, and in URLs, naming paths only', () => {
    const found = findCredentials({
      url: 'https://api.example/v1?api_key=abc',
      auth: { token: 'x' },
      steps: [{ ok: 1 }, { headers: { Authorization: 'Bearer y' } }],
      mirror: 'https://user:pw@mirror.example/',
    });
    expect(found).toEqual([
      'configJson.url (a URL with the query parameter "api_key")',
      'configJson.auth',
      'configJson.steps[1].headers.Authorization',
      'configJson.mirror (a URL with user:password)',
    ]);
    expect(found.join(' ')).not.toMatch(/abc|Bearer y|pw@/);
  });

  it('passes clean configuration', () => {
    expect(findCredentials({ url: 'https://api.example/rates?currency=USD', query: { currency: '{{c}}' }, headers: { Accept: 'application/json' } })).toEqual(
      [],
    );
  });

  it.each([
    ['Bearer abcdefgh12345678', 'an authorization header value'],
    ['Basic dXNlcjpwYXNzd29yZA==', 'an authorization header value'],
    ['eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl', 'a JWT'],
    ['sk-proj-abcdefghijklmnop1234', 'an API key (sk-…)'],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'a GitHub token'],
    ['AKIAIOSFODNN7EXAMPLE', 'an AWS access key id'],
    ['xoxb-1234567890-abcdefghij', 'a Slack token'],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIB', 'a private key'],
  ])('finds %s under a harmless key by its value', (value, what) => {
    const found = findCredentials({ headers: { 'X-Custom': value } });
    expect(found).toEqual([`configJson.headers.X-Custom (${what})`]);
    expect(found.join(' ')).not.toContain(value);
  });

  it('passes values that only resemble credentials', () => {
    expect(findCredentials({ headers: { Accept: 'application/json', 'X-Mode': 'bearer' }, note: 'ask the sk team', model: 'gpt-4o', prefix: 'eyJ' })).toEqual(
      [],
    );
  });
});
