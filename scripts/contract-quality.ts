/**
 * CI: the contract's quality (issue #12). Builds both OpenAPI documents, prints the share of
 * JSON operations whose 2xx answer is typed (not an open object) and the closed sets expressed
 * as one `enum`, and exits 1 when a checked operation answers an open object or a checked closed
 * set is still an `anyOf` of single values.
 *
 * `npx tsx scripts/contract-quality.ts` checks every operation of both documents.
 */
import { type OpenApiDocument, closedSets, isFreeJson, isOpenObject, operationsOf, successJsonSchemas } from './contract-analysis.js';
import { buildOpenApiDocuments } from './openapi-documents.js';

const scope = 'every operation';
const problems: string[] = [];

for (const [file, body] of Object.entries(await buildOpenApiDocuments())) {
  const doc = JSON.parse(body) as OpenApiDocument;
  const operations = operationsOf(doc);
  const json = operations.filter((o) => successJsonSchemas(o).length > 0);
  const open = json.filter((o) => successJsonSchemas(o).some(({ schema }) => isOpenObject(doc, schema)));
  const named = json.filter((o) => successJsonSchemas(o).every(({ schema }) => typeof schema.$ref === 'string'));
  const typed = json.length - open.length;
  const share = json.length === 0 ? 100 : (typed / json.length) * 100;
  console.log(`${file} — ${scope}`);
  console.log(`  typed 2xx responses: ${typed}/${json.length} JSON operations (${share.toFixed(1)} %), ${named.length} by a named component schema`);
  for (const o of json.filter((op) => successJsonSchemas(op).some(({ schema }) => isFreeJson(doc, schema))))
    console.log(`  free JSON (allowed): ${o.method} ${o.path}`);
  for (const o of open) {
    console.log(`  OPEN OBJECT: ${o.method} ${o.path}`);
    problems.push(`${file}: ${o.method} ${o.path} answers an open object`);
  }
  // Closed sets: in the checked operations and in the component schemas they use.
  const sets = closedSets(Object.fromEntries(operations.map((o) => [`${o.method} ${o.path}`, o.op])), '#/paths');
  const components = closedSets(doc.components?.schemas ?? {}, '#/components/schemas');
  const enums = [...sets.enums, ...components.enums];
  const distinct = new Map(enums.map((e) => [JSON.stringify(e.values), e]));
  console.log(`  closed sets as enum: ${distinct.size} distinct (${enums.length} uses)`);
  for (const e of distinct.values()) console.log(`    ${e.values.join(' | ')}  (${e.where})`);
  for (const u of [...sets.singleValueUnions, ...components.singleValueUnions]) {
    console.log(`  ANYOF OF SINGLE VALUES: ${u.where}: ${u.values.join(' | ')}`);
    problems.push(`${file}: ${u.where} is an anyOf of single values`);
  }
}

if (problems.length > 0) {
  console.log(`contract quality: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('contract quality: ok');
