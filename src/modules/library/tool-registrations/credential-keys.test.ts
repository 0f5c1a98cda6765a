import { describe, expect, it } from 'vitest';
import { findCredentials, isCredentialKey } from './credential-keys.js';

describe('credential keys', () => {
  it.each(['apiKey', 'api_key', 'X-API-Key', 'token', 'accessToken', 'refresh_token', 'githubToken', 'password', 'PASSWORD', 'secret', 'clientSecret', 'client-secret', 'Authorization', 'cookie', 'Set-Cookie', 'privateKey', 'private_key', 'credentials', 'auth', 'basicAuth', 'sessionId'])('%s is a credential', (key) => {
    expect(isCredentialKey(key)).toBe(true);
  });

  it.each(['url', 'method', 'query', 'resultPath', 'maxTokens', 'tool', 'base', 'rates', 'author', 'headers', 'currency', 'tokenizer'])('%s is ordinary configuration', (key) => {
    expect(isCredentialKey(key)).toBe(false);
  });

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
    expect(findCredentials({ url: 'https://api.example/rates?currency=USD', query: { currency: '{{c}}' }, headers: { Accept: 'application/json' } })).toEqual([]);
  });
});
