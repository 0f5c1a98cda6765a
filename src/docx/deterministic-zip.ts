import { crc32, deflateRawSync } from 'node:zlib';
import { type Zippable, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { spliceBody } from './body-placeholder.js';

/**
 * Makes a .docx byte-for-byte reproducible. docx 9 stamps every zip entry and the core
 * properties with the current time, gives each external hyperlink a random relationship id
 * ("rIdl0otd4b47vrwnipfmip7x"), and numbers the TOC bookmarks from a counter shared by every
 * document of the process ("_Toc10" in the second export). Everything else it writes is derived
 * from the input. This renumbers those from the input alone and re-zips the parts in a fixed
 * order with fixed dates.
 */

const FIRST_ENTRIES = ['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/_rels/document.xml.rels'];

// DOS dates (zip entry times) cover 1980–2107 only.
const DOS_MIN = Date.UTC(1980, 0, 1, 0, 0, 0);
const DOS_MAX = Date.UTC(2107, 11, 31, 23, 59, 58);

/** `created` as a W3CDTF timestamp without milliseconds; a fixed epoch if it does not parse. */
export function normalizeTimestamp(iso: string): Date {
  const time = Date.parse(iso);
  const safe = Number.isFinite(time) ? time : DOS_MIN;
  return new Date(Math.floor(safe / 1000) * 1000);
}

function w3cdtf(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function entryOrder(a: string, b: string): number {
  const ia = FIRST_ENTRIES.indexOf(a);
  const ib = FIRST_ENTRIES.indexOf(b);
  if (ia >= 0 || ib >= 0) return (ia >= 0 ? ia : FIRST_ENTRIES.length) - (ib >= 0 ? ib : FIRST_ENTRIES.length);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** "word/_rels/document.xml.rels" → "word/document.xml"; "_rels/.rels" → null (package rels). */
function relsOwner(relsPath: string): string | null {
  const match = /^(.*?)_rels\/(.+)\.rels$/.exec(relsPath);
  if (!match || match[2] === '') return null;
  return `${match[1]}${match[2]}`;
}

/**
 * Renames relationship ids that are not of docx's sequential `rIdN` form to `rIdQN`, numbered
 * in the order they appear in the relationships part (which follows document order).
 */
function stabilizeRelationshipIds(texts: Map<string, string>): void {
  for (const [path, rels] of [...texts]) {
    if (!path.endsWith('.rels')) continue;
    const owner = relsOwner(path);
    const renames = new Map<string, string>();
    for (const match of rels.matchAll(/\bId="([^"]+)"/g)) {
      const id = match[1];
      if (/^rId\d+$/.test(id) || renames.has(id)) continue;
      renames.set(id, `rIdQ${renames.size + 1}`);
    }
    if (renames.size === 0) continue;
    const rename = (xml: string): string =>
      xml.replace(/"([^"<>]+)"/g, (whole, value: string) => {
        const renamed = renames.get(value);
        return renamed ? `"${renamed}"` : whole;
      });
    texts.set(path, rename(rels));
    const ownerXml = owner ? texts.get(owner) : undefined;
    if (owner && ownerXml !== undefined) texts.set(owner, rename(ownerXml));
  }
}

/** Renumbers bookmark ids and `_Toc` bookmark names from 1 in order of appearance in the part. */
function stabilizeBookmarks(xml: string): string {
  if (!xml.includes('w:bookmarkStart')) return xml;
  const names = new Map<string, string>();
  // Only where WordprocessingML names a bookmark: the text of the document is left alone.
  let renamed = xml.replace(/(w:name="|w:anchor="|PAGEREF )(_Toc\d+)\b/g, (_whole, head: string, old: string) => {
    let name = names.get(old);
    if (!name) {
      name = `_Toc${names.size + 1}`;
      names.set(old, name);
    }
    return `${head}${name}`;
  });
  const ids = new Map<string, string>();
  renamed = renamed.replace(/(<w:bookmark(?:Start|End)\b[^>]*?\bw:id=")(\d+)(")/g, (_whole, head: string, id: string, tail: string) => {
    let next = ids.get(id);
    if (!next) {
      next = String(ids.size + 1);
      ids.set(id, next);
    }
    return `${head}${next}${tail}`;
  });
  return renamed;
}

function fixCoreDates(core: string, created: Date): string {
  const stamp = w3cdtf(created);
  return core
    .replace(/(<dcterms:created\b[^>]*>)[^<]*(<\/dcterms:created>)/, `$1${stamp}$2`)
    .replace(/(<dcterms:modified\b[^>]*>)[^<]*(<\/dcterms:modified>)/, `$1${stamp}$2`);
}

/**
 * Re-zips docx's package reproducibly; `body`, when given, replaces the placeholder paragraph of
 * word/document.xml (see body-placeholder.ts) before the ids are renumbered.
 *
 * @throws Error when `body` is given and document.xml has no placeholder (a bug).
 */
export async function makeDeterministic(docx: Buffer, created: Date, body?: string): Promise<Buffer> {
  // fflate, synchronously: the package is small and already in memory, and JSZip + pako spent
  // about a quarter of a one-page letter's CPU here (docs/adr/0372-merge-row-cost-and-lean-path.md).
  const source = unzipSync(docx);
  const names = Object.keys(source)
    .filter((name) => !name.endsWith('/'))
    .sort(entryOrder);

  const texts = new Map<string, string>();
  const binaries = new Map<string, Uint8Array>();
  for (const name of names) {
    const data = source[name];
    if (data === undefined) continue;
    if (/\.(xml|rels)$/.test(name)) texts.set(name, strFromU8(data));
    else binaries.set(name, data);
  }

  const documentXml = texts.get('word/document.xml');
  if (body !== undefined && documentXml !== undefined) texts.set('word/document.xml', spliceBody(documentXml, body));
  stabilizeRelationshipIds(texts);
  for (const [name, xml] of texts) if (name.startsWith('word/')) texts.set(name, stabilizeBookmarks(xml));
  const core = texts.get('docProps/core.xml');
  if (core !== undefined) texts.set('docProps/core.xml', fixCoreDates(core, created));

  // fflate writes the entry time in the process's local time; shifted so it writes the UTC time (bytes independent of TZ).
  const utc = Math.min(Math.max(created.getTime(), DOS_MIN), DOS_MAX);
  const mtime = new Date(utc + new Date(utc).getTimezoneOffset() * 60_000);
  const entries: Zippable = {};
  for (const name of names) {
    const text = texts.get(name);
    const data = text !== undefined ? strToU8(text) : binaries.get(name);
    if (data !== undefined) entries[name] = [data, { mtime, level: 6 }];
  }
  return Buffer.from(zipSync(entries));
}

/** One entry as it is stored: what it was made from (to reuse it while that is unchanged), its deflated bytes, CRC and size. */
export interface StoredZipEntry {
  from: string | Uint8Array;
  deflated: Buffer;
  crc: number;
  size: number;
}

/** DOS date of 1980-01-01 00:00 (time 0): every entry of a package zipped by zipPackage carries it. */
const FIXED_DOS_DATE = (1 << 5) | 1;

function storedEntry(value: string | Uint8Array): StoredZipEntry {
  const data = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  return { from: value, deflated: deflateRawSync(data, { level: 6 }), crc: crc32(data), size: data.length };
}

/** Every entry of a package deflated once, for zipPackage to reuse while an entry is unchanged. */
export function storeZipEntries(entries: ReadonlyMap<string, string | Uint8Array>): Map<string, StoredZipEntry> {
  return new Map([...entries].map(([path, value]) => [path, storedEntry(value)]));
}

function localHeader(name: Buffer, entry: StoredZipEntry): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6); // UTF-8 names
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(FIXED_DOS_DATE, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.deflated.length, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  return header;
}

function centralHeader(name: Buffer, entry: StoredZipEntry, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt16LE(0, 12);
  header.writeUInt16LE(FIXED_DOS_DATE, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.deflated.length, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return header;
}

/**
 * Zips a package (path → XML text or bytes) reproducibly: entries in a fixed order, one fixed
 * date, deflate level 6. `stored` remembers each entry's deflated form by path: an entry whose
 * value is the very one it was made from is not deflated again, so zipping a filled Word template
 * deflates only the parts the fill changed (see storeZipEntries).
 */
export function zipPackage(entries: ReadonlyMap<string, string | Uint8Array>, stored?: ReadonlyMap<string, StoredZipEntry>): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const names = [...entries.keys()].sort(entryOrder);
  for (const path of names) {
    const value = entries.get(path) as string | Uint8Array;
    const known = stored?.get(path);
    const entry = known?.from === value ? known : storedEntry(value);
    const name = Buffer.from(path, 'utf8');
    chunks.push(localHeader(name, entry), name, entry.deflated);
    central.push(centralHeader(name, entry, offset), name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}
