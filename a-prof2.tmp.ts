import { tokenize, parse } from '@huggingface/jinja';
for (const n of [10000, 20000, 40000]) {
  const s = ' '.repeat(n);
  let t = performance.now(); tokenize(s, { lstrip_blocks: true, trim_blocks: true }); console.log('ws', n, performance.now() - t);
}
for (const d of [200, 500, 1000, 2000]) {
  const s = '{% if x %}'.repeat(d) + '{% endif %}'.repeat(d);
  try { parse(tokenize(s, { lstrip_blocks: true, trim_blocks: true })); console.log('depth ok', d); } catch (e) { console.log('depth fail', d, String(e).slice(0, 60)); }
  const p = '{{ ' + '('.repeat(d) + 'x' + ')'.repeat(d) + ' }}';
  try { parse(tokenize(p)); console.log('paren ok', d); } catch (e) { console.log('paren fail', d, String(e).slice(0, 60)); }
}
