import { ExtractionError } from './errors.js';

/** One file of a ZIP archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function corrupt(): ExtractionError {
  return new ExtractionError('corrupt');
}

function u64(dv: DataView, offset: number): number {
  const value = dv.getBigUint64(offset, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
  return Number(value);
}

/** Where the central directory is and how many entries it declares, without reading the entries. */
export function locateCentralDirectory(bytes: Uint8Array): { count: number; offset: number; size: number } {
  const dv = view(bytes);
  const lowest = Math.max(0, bytes.length - 22 - U16_MAX);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (dv.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  let count = dv.getUint16(eocd + 10, true);
  let size = dv.getUint32(eocd + 12, true);
  let offset = dv.getUint32(eocd + 16, true);
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const locator = eocd - 20;
    if (locator < 0 || dv.getUint32(locator, true) !== ZIP64_LOCATOR) throw corrupt();
    const record = u64(dv, locator + 8);
    if (record + 56 > bytes.length || dv.getUint32(record, true) !== ZIP64_EOCD) throw corrupt();
    count = u64(dv, record + 32);
    size = u64(dv, record + 40);
    offset = u64(dv, record + 48);
  }
  if (offset + size > bytes.length) throw corrupt();
  return { count, offset, size };
}

/** Reads the central directory entries (call after checking `count` against a limit). */
export function readCentralDirectory(
  bytes: Uint8Array,
  location: { count: number; offset: number },
): ZipEntry[] {
  const dv = view(bytes);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = location.offset;
  for (let i = 0; i < location.count; i++) {
    if (at + 46 > bytes.length || dv.getUint32(at, true) !== CENTRAL_HEADER) throw corrupt();
    const nameLength = dv.getUint16(at + 28, true);
    const extraLength = dv.getUint16(at + 30, true);
    const commentLength = dv.getUint16(at + 32, true);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > bytes.length) throw corrupt();
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: dv.getUint16(at + 8, true),
      method: dv.getUint16(at + 10, true),
      compressedSize: dv.getUint32(at + 20, true),
      uncompressedSize: dv.getUint32(at + 24, true),
      localHeaderOffset: dv.getUint32(at + 42, true),
    };
    applyZip64Extra(dv, entry, at + 46 + nameLength, extraLength);
    entries.push(entry);
    at = end;
  }
  return entries;
}

/** Sizes and offsets too big for 32 bits live in the ZIP64 extra field, in this order. */
function applyZip64Extra(dv: DataView, entry: ZipEntry, start: number, length: number): void {
  for (let at = start; at + 4 <= start + length;) {
    const id = dv.getUint16(at, true);
    const size = dv.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) throw corrupt();
        const value = u64(dv, field);
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === U32_MAX) entry.uncompressedSize = next();
      if (entry.compressedSize === U32_MAX) entry.compressedSize = next();
      if (entry.localHeaderOffset === U32_MAX) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/** The stored (possibly compressed) bytes of an entry, found through its local header. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const dv = view(bytes);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || dv.getUint32(at, true) !== 0x04034b50) throw corrupt();
  const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw corrupt();
  return bytes.subarray(start, end);
}
