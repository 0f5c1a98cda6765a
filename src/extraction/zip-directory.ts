/**
 * Reads a ZIP central directory without inflating anything, so OOXML containers can be
 * sniffed and zip bombs recognised before any library decompresses them.
 */
import { inflateRawSync } from 'node:zlib';

/** One central-directory entry. Sizes are what the archive *claims*. */
export interface ZipEntry {
  name: string;
  compressed_size: number;
  uncompressed_size: number;
  method: number;
  local_header_offset: number;
  encrypted: boolean;
}

/** The parsed directory. */
export interface ZipDirectory {
  entries: ZipEntry[];
  total_compressed: number;
  total_uncompressed: number;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CDH_SIG = 0x02014b50;
const LFH_SIG = 0x04034b50;
const MAX_ENTRIES = 100_000;

/** True when the bytes start like a ZIP archive (local header or empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));
}

function readU64(buf: Buffer, offset: number): number {
  const v = buf.readBigUInt64LE(offset);
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
}

/**
 * Parses the end-of-central-directory record and the central directory (ZIP64 aware).
 * Returns null when the bytes are not a readable ZIP (no EOCD, truncated directory, bad signatures).
 */
export function readZipDirectory(bytes: Buffer): ZipDirectory | null {
  const extent = directoryExtent(bytes);
  if (!extent) return null;
  const { count, cdSize, cdOffset } = extent;
  if (count > MAX_ENTRIES || cdOffset + cdSize > bytes.length) return null;
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  let totalC = 0;
  let totalU = 0;
  for (let i = 0; i < count; i++) {
    const read = readCentralHeader(bytes, p);
    if (!read) return null;
    entries.push(read.entry);
    totalC += read.entry.compressed_size;
    totalU += read.entry.uncompressed_size;
    p = read.next;
  }
  return { entries, total_compressed: totalC, total_uncompressed: totalU };
}

/** The central directory's entry count, size and offset, from the EOCD record (or its ZIP64 record); null when absent or unreadable. */
function directoryExtent(bytes: Buffer): { count: number; cdSize: number; cdOffset: number } | null {
  if (bytes.length < 22) return null;
  // The EOCD is within the last 22 + 65535 (comment) bytes.
  const minPos = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= minPos; i--) {
    if (bytes.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (count !== 0xffff && cdSize !== 0xffffffff && cdOffset !== 0xffffffff) return { count, cdSize, cdOffset };
  const loc = eocd - 20;
  if (loc < 0 || bytes.readUInt32LE(loc) !== ZIP64_LOCATOR_SIG) return null;
  const z64 = readU64(bytes, loc + 8);
  if (z64 + 56 > bytes.length || bytes.readUInt32LE(z64) !== ZIP64_EOCD_SIG) return null;
  return { count: readU64(bytes, z64 + 32), cdSize: readU64(bytes, z64 + 40), cdOffset: readU64(bytes, z64 + 48) };
}

/** One central directory header at `p`, and where the next begins; null when truncated or not a header. */
function readCentralHeader(bytes: Buffer, p: number): { entry: ZipEntry; next: number } | null {
  if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== CDH_SIG) return null;
  const flags = bytes.readUInt16LE(p + 8);
  const method = bytes.readUInt16LE(p + 10);
  const nameLen = bytes.readUInt16LE(p + 28);
  const extraLen = bytes.readUInt16LE(p + 30);
  const commentLen = bytes.readUInt16LE(p + 32);
  if (p + 46 + nameLen + extraLen > bytes.length) return null;
  const name = bytes.toString('utf8', p + 46, p + 46 + nameLen);
  const sizes = zip64Sizes(bytes, p + 46 + nameLen, extraLen, {
    csize: bytes.readUInt32LE(p + 20),
    usize: bytes.readUInt32LE(p + 24),
    lho: bytes.readUInt32LE(p + 42),
  });
  return {
    entry: {
      name,
      compressed_size: sizes.csize,
      uncompressed_size: sizes.usize,
      method,
      local_header_offset: sizes.lho,
      encrypted: (flags & 1) === 1,
    },
    next: p + 46 + nameLen + extraLen + commentLen,
  };
}

/** The ZIP64 extended information extra field (id 0x0001): only the fields that overflowed are present. */
function zip64Sizes(bytes: Buffer, start: number, extraLen: number, sizes: { csize: number; usize: number; lho: number }) {
  let { csize, usize, lho } = sizes;
  let e = start;
  const eEnd = e + extraLen;
  while (e + 4 <= eEnd) {
    const id = bytes.readUInt16LE(e);
    const len = bytes.readUInt16LE(e + 2);
    if (id === 0x0001) {
      let q = e + 4;
      if (usize === 0xffffffff && q + 8 <= e + 4 + len) {
        usize = readU64(bytes, q);
        q += 8;
      }
      if (csize === 0xffffffff && q + 8 <= e + 4 + len) {
        csize = readU64(bytes, q);
        q += 8;
      }
      if (lho === 0xffffffff && q + 8 <= e + 4 + len) lho = readU64(bytes, q);
    }
    e += 4 + len;
  }
  return { csize, usize, lho };
}

/**
 * Inflates one (small) entry with a hard output cap. Returns null when the entry cannot be read,
 * is encrypted, uses an unknown method, or would exceed `maxBytes`.
 */
export function readZipEntry(bytes: Buffer, entry: ZipEntry, maxBytes: number): Buffer | null {
  if (entry.encrypted || entry.uncompressed_size > maxBytes) return null;
  const p = entry.local_header_offset;
  if (p + 30 > bytes.length || bytes.readUInt32LE(p) !== LFH_SIG) return null;
  const start = p + 30 + bytes.readUInt16LE(p + 26) + bytes.readUInt16LE(p + 28);
  const end = start + entry.compressed_size;
  if (end > bytes.length) return null;
  const raw = bytes.subarray(start, end);
  try {
    if (entry.method === 0) return raw.length <= maxBytes ? Buffer.from(raw) : null;
    if (entry.method === 8) return inflateRawSync(raw, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
  return null;
}
