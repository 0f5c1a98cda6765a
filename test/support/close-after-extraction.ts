/**
 * A program for server-close.e2e.test.ts: starts the service in process, has it extract an
 * uploaded file (which starts the extraction workers), closes it and prints "closed". Its process
 * must then end by itself: nothing the service started may keep it alive.
 */
import { startTestServer } from './test-server.js';

const server = await startTestServer({ dialect: 'sqlite', env: { LOG_LEVEL: 'warn' } });
const token = await server.login();
const form = new FormData();
form.append('name', 'closing');
form.append('files', new Blob([new TextEncoder().encode('Invoice number: INV-1\nTotal: 12.00 EUR\n')], { type: 'text/plain' }), 'invoice.txt');
const created = await fetch(`${server.url}/assessments`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
const body = (await created.json()) as { documents: Array<{ id: string }> };
for (;;) {
  const document = (await (await fetch(`${server.url}/documents/${body.documents[0].id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    processing_status: string;
  };
  if (document.processing_status === 'processed' || document.processing_status === 'failed') {
    process.stdout.write(`${document.processing_status}\n`);
    break;
  }
  // A program of its own, outside vitest: its parent test bounds the whole run (45 s).
  // eslint-disable-next-line no-restricted-syntax -- the interval of a poll for the extraction's end
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await server.close();
process.stdout.write('closed\n');
