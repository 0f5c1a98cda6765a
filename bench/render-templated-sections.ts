// Before/after of the render stage for 200 templated sections (issue #13): in-thread renderTemplate
// (the old path) against the tenant-code pool (the new path, batched). `npx tsx bench/render-templated-sections.ts`
import { renderTemplate } from '../src/templating/index.js';
import { configureTenantCode, renderTemplates } from '../src/tenant-code/tenant-code-pool.js';
const template = '## {{ document.title }}\n{% for f in items %}- {{ f.name|upper }}: {{ f.value }}{% if not loop.last %},{% endif %}\n{% endfor %}Total: {{ computed.total }} for {{ fields.client }} on {{ today }}.';
const context = { document: { title: 'Letter' }, items: Array.from({ length: 10 }, (_, i) => ({ name: `item ${i}`, value: i * 3 })), computed: { total: 42 }, fields: { client: 'Acme', ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, `value ${i}`])) }, today: '2026-01-01' };
const sources = Array.from({ length: 200 }, (_, i) => `${template} #${i}`);
configureTenantCode({ workers: 2, timeoutMs: 3000, queueTimeoutMs: 30000, maxHeapMb: 128 });
await renderTemplates(['warm {{ 1 }}', 'warm {{ 2 }}'], {}, () => 'warm');
for (let round = 0; round < 8; round++) {
  let t = performance.now();
  for (const s of sources) renderTemplate(s, context);
  const inThread = performance.now() - t;
  t = performance.now();
  const results = await renderTemplates(sources, context, (i) => `s${i}`);
  const pooled = performance.now() - t;
  if (results.some((r) => r.error)) throw new Error(String(results.find((r) => r.error)?.error));
  console.log(`round ${round}: in-thread ${inThread.toFixed(0)} ms (${(inThread / 200).toFixed(2)} ms/section), pool ${pooled.toFixed(0)} ms (${(pooled / 200).toFixed(2)} ms/section)`);
}
process.exit(0);
