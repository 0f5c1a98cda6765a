import { newQuireData, startQuireProcess, removeQuireData } from '/work/main/test/support/quire-process.ts';
import { makeLongReportPdf } from '/work/main/src/extraction/test-support/long-report-pdf.ts';
const data = await newQuireData('sqlite');
const q = await startQuireProcess(data, { LOG_LEVEL: 'warn' , ...{} }, { nodeArgs: (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean), startTimeoutMs: 60000 }).catch(async () => startQuireProcess(data, {}, { nodeArgs: (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean) }));
const pdf = await makeLongReportPdf(170);
const auth = { authorization: `Bearer ${q.token}`, 'x-org-slug': 'acme' };
const base = q.url;
const fd = new FormData(); fd.append('files', new Blob([pdf], { type: 'application/pdf' }), 'r.pdf');
const up = await fetch(`${base}/documents`, { method: 'POST', headers: auth, body: fd });
const upb = await up.json() as any; const id = upb.documents[0].id;
for (;;) { const d = await (await fetch(`${base}/documents/${id}`, { headers: auth })).json() as any; if (d.processing_status !== 'queued' && d.processing_status !== 'processing' && d.processing_status!=='pending') break; await new Promise(r => setTimeout(r, 50)); }
const times: number[] = [];
for (let i = 0; i < Number(process.env.N ?? 10); i++) { const t = performance.now(); const r = await fetch(`${base}/documents/${id}/extracted-items`, { headers: auth }); const txt = await r.text(); times.push(performance.now() - t); if (i === 0) console.log('status', r.status, 'bytes', txt.length); }
console.log('ms', times.map(t => t.toFixed(0)).join(' '));
q.child.kill('SIGTERM'); await q.exited; await removeQuireData(data);
