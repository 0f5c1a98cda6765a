/**
 * The upload-bomb and type-lie corpus over real HTTP on SQLite. Each hostile file is
 * uploaded alone (`POST /documents`) and checked (`POST /documents/validate`): the upload is
 * answered (201, as the assessments contract wants: a bad file "goes into rejected_files", it does
 * not fail the request) with no document, the file in `rejected_files` with the expected error
 * code, and nothing stored — no row, no blob; the check says `valid: false` with the same code.
 * What the request itself breaks (bytes over UPLOAD_MAX_BYTES) is a 413 `{detail}`.
 * Images with absurd dimensions are refused from their header in milliseconds (a 40,000 ×
 * 40,000 PNG once took a minute to fail without a word).
 */
import { crc32, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  makeDocx,
  makeEncryptedOoxml,
  makeEncryptedPdf,
  makeInvoicePdf,
  makeLongPdf,
  makePng,
  makeXlsx,
  makeZipBombDocx,
} from '../../src/extraction/test-support/fixtures.js';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { type FilePart, assessmentRowCounts, postMultipart, storedBlobs } from '../e2e/assessments-helpers.js';

const CAP = 4 * 1024 * 1024;
const MAX_PAGES = 5;

// ---- hand-built hostile files -------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose IHDR declares `width × height` with a few rows of real (deflated) data: decoders would allocate the whole. */
function pngDeclaring(width: number, height: number, rows = 4): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const data = deflateSync(Buffer.alloc(Math.min(rows, height) * (width + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A classic decompression bomb: 10,500 × 10,500 grey pixels (110 megapixels), all zero, deflated whole (110 MB → ~110 KB). */
function decompressionBombPng(): Buffer {
  const side = 10_500;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  const data = deflateSync(Buffer.alloc(side * (side + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline TIFF whose first IFD declares `width × height` (LONG values), in either byte order. */
function tiffDeclaring(width: number, height: number, little: boolean): Buffer {
  const b = Buffer.alloc(8 + 2 + 3 * 12 + 4 + 16);
  const u16 = (v: number, o: number) => (little ? b.writeUInt16LE(v, o) : b.writeUInt16BE(v, o));
  const u32 = (v: number, o: number) => (little ? b.writeUInt32LE(v, o) : b.writeUInt32BE(v, o));
  b.write(little ? 'II' : 'MM', 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(3, 8);
  const entries: Array<[number, number, number]> = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
  ];
  entries.forEach(([tag, type, value], i) => {
    const o = 10 + i * 12;
    u16(tag, o);
    u16(type, o + 2);
    u32(1, o + 4);
    if (type === 3) u16(value, o + 8);
    else u32(value, o + 8);
  });
  return b;
}

/** A JPEG whose SOF0 declares `width × height` (65,535 at most). */
function jpegDeclaring(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

function gifDeclaring(width: number, height: number): Buffer {
  const b = Buffer.alloc(32);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

function bmpDeclaring(width: number, height: number): Buffer {
  const b = Buffer.alloc(64);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(64, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  return b;
}

function webpDeclaring(width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write('VP8X', 12, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

const CONTENT_TYPES_DOCX =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const CONTENT_TYPES_XLSX =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

async function zipBombXlsx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES_XLSX);
  zip.file('xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>');
  zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(25 * 1024 * 1024, 0x20));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A docx of 10,001 tiny entries (the entry-count bomb). */
async function manyEntriesDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES_DOCX);
  zip.file('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>');
  for (let i = 0; i < 10_000; i++) zip.file(`word/media/${i}.txt`, '');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

/** A zip of zips (the 42.zip shape, one level): no OOXML inside, whatever its name says. */
async function nestedZip(): Promise<Buffer> {
  const inner = await makeZipBombDocx(10);
  const zip = new JSZip();
  for (let i = 0; i < 4; i++) zip.file(`layer-${i}.zip`, inner);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

/** A real docx whose entries are flagged as encrypted (general-purpose bit 0). */
async function encryptedEntriesDocx(): Promise<Buffer> {
  const bytes = Buffer.from(await makeDocx());
  for (let p = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); p !== -1; p = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), p + 4)) {
    bytes.writeUInt16LE(bytes.readUInt16LE(p + 8) | 1, p + 8);
  }
  return bytes;
}

/** A legacy Office (CFB) file without an encrypted package: a .doc. */
function legacyDoc(): Buffer {
  const b = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  Buffer.from('WordDocument', 'utf16le').copy(b, 1024);
  return b;
}

interface Bomb {
  name: string;
  file: () => Promise<FilePart> | FilePart;
  /** The error code the verdict must carry. */
  code: string;
}

const file = (name: string, bytes: Buffer, type?: string): FilePart => ({ name, bytes, type });

const CORPUS: Bomb[] = [
  { name: 'zip bomb posing as a docx (25 MiB of zeros)', file: async () => file('bomb.docx', await makeZipBombDocx(25)), code: 'zip_bomb_suspected' },
  { name: 'zip bomb posing as an xlsx (25 MiB of spaces)', file: async () => file('bomb.xlsx', await zipBombXlsx()), code: 'zip_bomb_suspected' },
  { name: 'docx of 10,001 entries', file: async () => file('many.docx', await manyEntriesDocx()), code: 'zip_bomb_suspected' },
  { name: 'nested zip of zip bombs named .docx', file: async () => file('nested.docx', await nestedZip()), code: 'unsupported_type' },
  { name: 'nested zip of zip bombs named .zip', file: async () => file('nested.zip', await nestedZip(), 'application/zip'), code: 'unsupported_type' },
  { name: 'docx with encrypted entries', file: async () => file('locked-entries.docx', await encryptedEntriesDocx()), code: 'encrypted' },
  { name: 'password-protected docx (CFB EncryptedPackage)', file: () => file('locked.docx', makeEncryptedOoxml()), code: 'encrypted' },
  { name: 'legacy .doc (CFB)', file: () => file('old.doc', legacyDoc(), 'application/msword'), code: 'unsupported_type' },
  { name: 'decompression-bomb PNG (10,500 × 10,500)', file: () => file('bomb.png', decompressionBombPng(), 'image/png'), code: 'image_too_large' },
  { name: 'PNG declaring 40,000 × 40,000', file: () => file('huge.png', pngDeclaring(40_000, 40_000), 'image/png'), code: 'image_too_large' },
  { name: 'PNG with a side of 20,001 px', file: () => file('wide.png', pngDeclaring(20_001, 2), 'image/png'), code: 'image_too_large' },
  { name: 'PNG declaring 0 × 0', file: () => file('none.png', pngDeclaring(0, 0), 'image/png'), code: 'corrupt' },
  {
    name: 'PNG without IHDR',
    file: () =>
      file('headless.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IEND', Buffer.alloc(0))]), 'image/png'),
    code: 'unsupported_type',
  },
  {
    name: 'TIFF (little-endian) declaring 40,000 × 40,000',
    file: () => file('huge.tif', tiffDeclaring(40_000, 40_000, true), 'image/tiff'),
    code: 'image_too_large',
  },
  {
    name: 'TIFF (big-endian) declaring 40,000 × 40,000',
    file: () => file('huge-mm.tiff', tiffDeclaring(40_000, 40_000, false), 'image/tiff'),
    code: 'image_too_large',
  },
  { name: 'JPEG declaring 65,535 × 65,535', file: () => file('huge.jpg', jpegDeclaring(65_535, 65_535), 'image/jpeg'), code: 'image_too_large' },
  { name: 'GIF declaring 65,535 × 65,535', file: () => file('huge.gif', gifDeclaring(65_535, 65_535), 'image/gif'), code: 'image_too_large' },
  { name: 'BMP declaring 50,000 × 50,000', file: () => file('huge.bmp', bmpDeclaring(50_000, 50_000), 'image/bmp'), code: 'image_too_large' },
  {
    name: 'WebP declaring 16,000 × 16,000 (256 megapixels)',
    file: () => file('huge.webp', webpDeclaring(16_000, 16_000), 'image/webp'),
    code: 'image_too_large',
  },
  { name: 'PNG claiming to be a PDF', file: () => file('scan.pdf', makePng(), 'application/pdf'), code: 'type_mismatch' },
  {
    name: 'HTML claiming to be a PDF',
    file: () => file('invoice.pdf', Buffer.from('<html><body><script>alert(1)</script></body></html>'), 'application/pdf'),
    code: 'type_mismatch',
  },
  {
    name: 'Windows executable named .docx',
    file: () => file('contract.docx', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90), Buffer.from('PE\0\0')])),
    code: 'unsupported_type',
  },
  { name: 'xlsx claiming to be a docx', file: async () => file('letter.docx', Buffer.from(await makeXlsx())), code: 'type_mismatch' },
  { name: 'docx claiming to be a PDF', file: async () => file('letter.pdf', Buffer.from(await makeDocx()), 'application/pdf'), code: 'type_mismatch' },
  {
    name: 'PDF/ZIP polyglot named .docx',
    file: async () => file('poly.docx', Buffer.concat([await makeInvoicePdf(), await makeZipBombDocx(1)])),
    code: 'type_mismatch',
  },
  {
    name: 'PNG/HTML polyglot named .html',
    file: () => file('page.html', Buffer.concat([makePng(), Buffer.from('<script>alert(1)</script>')]), 'text/html'),
    code: 'type_mismatch',
  },
  {
    name: 'SVG with script named .png',
    file: () => file('logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'),
    code: 'type_mismatch',
  },
  {
    name: 'binary noise named .csv',
    file: () => file('data.csv', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 32)), 'text/csv'),
    code: 'unsupported_type',
  },
  { name: 'empty file', file: () => file('empty.pdf', Buffer.alloc(0), 'application/pdf'), code: 'empty' },
  { name: 'whitespace-only text', file: () => file('blank.txt', Buffer.from(' \n\t\n   \n'), 'text/plain'), code: 'empty' },
  {
    name: 'truncated PDF (header only)',
    file: () => file('cut.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog'), 'application/pdf'),
    code: 'corrupt',
  },
  { name: 'encrypted PDF', file: () => file('locked.pdf', makeEncryptedPdf(), 'application/pdf'), code: 'encrypted' },
  {
    name: `PDF over UPLOAD_MAX_PAGES (${MAX_PAGES + 1} pages)`,
    file: async () => file('long.pdf', await makeLongPdf(MAX_PAGES + 1), 'application/pdf'),
    code: 'too_many_pages',
  },
];

describeOneDialect('upload bombs and type lies', (dialect) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // A generous inspection budget: on a loaded machine a PDF worker can take 10 s to start, and
    // an inspection out of time is (rightly) undecided, which is not what this corpus is about.
    server = await startTestServer({
      dialect,
      env: { UPLOAD_MAX_BYTES: String(CAP), UPLOAD_MAX_PAGES: String(MAX_PAGES), UPLOAD_INSPECT_TIMEOUT_SECONDS: '120' },
    });
    token = await server.login();
  });
  afterAll(async () => server?.close());

  const blobsNow = async () => storedBlobs(server);
  const errorCodes = (problems: Array<{ code: string; severity: string }>) => problems.filter((p) => p.severity === 'error').map((p) => p.code);

  it('holds about thirty bombs and type lies', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  for (const bomb of CORPUS) {
    it(`refuses ${bomb.name} (${bomb.code}), storing nothing`, async () => {
      const part = await bomb.file();
      const rows = await assessmentRowCounts(server);
      const blobs = await blobsNow();

      const uploaded = await postMultipart(server, token, 'acme', '/documents', {}, [part]);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      expect(uploaded.body.documents).toEqual([]);
      expect(uploaded.body.rejected_files).toHaveLength(1);
      expect(errorCodes(uploaded.body.rejected_files[0].problems)).toContain(bomb.code);
      for (const problem of uploaded.body.rejected_files[0].problems) expect(problem.message.length).toBeGreaterThan(0);

      const checked = await postMultipart(server, token, 'acme', '/documents/validate', {}, [{ ...part, field: 'file' }]);
      expect(checked.status).toBe(200);
      expect(checked.body.valid).toBe(false);
      expect(checked.body.decided).toBe(true);
      expect(errorCodes(checked.body.problems)).toContain(bomb.code);

      expect(await assessmentRowCounts(server)).toEqual(rows);
      expect(await blobsNow()).toEqual(blobs);
    });
  }

  // Decided from the header alone: the file holds 4 of its 40,000 rows, so a check that decoded
  // it would report the truncated data as well (or never answer); its speed is a bench's business.
  it('refuses a 40,000 × 40,000 PNG from its header, naming the limit and nothing else', async () => {
    const checked = await postMultipart(server, token, 'acme', '/documents/validate', {}, [
      { name: 'huge.png', bytes: pngDeclaring(40_000, 40_000), type: 'image/png', field: 'file' },
    ]);
    expect(checked.status).toBe(200);
    expect(checked.body.decided).toBe(true);
    expect(checked.body.problems).toEqual([
      {
        code: 'image_too_large',
        severity: 'error',
        message: 'the image declares 40000 × 40000 pixels; a side may be at most 20000 pixels (limit maxSidePx)',
      },
    ]);
  });

  it('answers a file over UPLOAD_MAX_BYTES with 413 {detail}, storing nothing', async () => {
    const rows = await assessmentRowCounts(server);
    const blobs = await blobsNow();
    const refused = await postMultipart(server, token, 'acme', '/documents', {}, [
      { name: 'big.png', bytes: Buffer.concat([makePng(), Buffer.alloc(CAP)]), type: 'image/png' },
    ]);
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toBe(`a file is larger than the upload limit of ${CAP} bytes; nothing was stored`);
    expect(await assessmentRowCounts(server)).toEqual(rows);
    expect(await blobsNow()).toEqual(blobs);
  });

  it('still accepts a real PNG and PDF after the corpus', async () => {
    const accepted = await postMultipart(server, token, 'acme', '/documents', {}, [
      file('fine.png', makePng(), 'image/png'),
      file('fine.pdf', await makeInvoicePdf(), 'application/pdf'),
    ]);
    expect(accepted.status).toBe(201);
    expect(accepted.body.rejected_files).toEqual([]);
    expect(accepted.body.documents).toHaveLength(2);
    await server.jobs.idle();
  });
});
