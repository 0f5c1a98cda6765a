/** A small JSON client over a TestServer: `api.get(path)` → `{status, body}`. */
import type { TestServer } from './test-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any JSON body
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class Api {
  constructor(
    private readonly server: TestServer,
    private readonly token: string,
    readonly org?: string,
  ) {}

  /** The same caller acting in another organization. */
  as(org: string): Api {
    return new Api(this.server, this.token, org);
  }

  async request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse> {
    const response = await this.server.call(method, path, { token: this.token, org: this.org, body, headers });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }
  put(path: string, body: unknown) {
    return this.request('PUT', path, body);
  }
  patch(path: string, body: unknown) {
    return this.request('PATCH', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}

/** Starts from a test server: logs in as the dev user, acting in `acme` unless told otherwise. */
export async function apiFor(server: TestServer, org = 'acme'): Promise<Api> {
  return new Api(server, await server.login(), org);
}

/** Creates a document instance of a built-in template (by slug) and returns its detail. */
export async function instantiate(api: Api, slug: string, body: Record<string, unknown> = {}) {
  const template = await api.get(`/v1/templates/${slug}`);
  if (template.status !== 200) throw new Error(`template ${slug}: ${template.status}`);
  const created = await api.post('/v1/documents', { templateId: template.body.document.id, ...body });
  if (created.status !== 201) throw new Error(`instantiate ${slug}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** A minimal template created from a spec, for tests that need a known shape. */
export async function createTemplate(api: Api, spec: Record<string, unknown>) {
  const created = await api.post('/v1/templates', spec);
  if (created.status !== 201) throw new Error(`create template: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.template;
}
