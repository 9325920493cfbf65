// Fixtures for the security suite: multipart bodies as a browser (or an attacker) sends them, and small images
// made on the fly with sharp, so nothing binary is checked in.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

export interface FilePart {
  field?: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with one or more file parts (default field name: photo). */
export function multipart(...parts: FilePart[]): MultipartBody {
  const boundary = '----tightlines-security-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'photo'}"; ` +
          `filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small, ordinary JPEG: what a well-behaved client uploads. */
export function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 110, b: 160 } } })
    .jpeg()
    .toBuffer();
}

/** A camera-like JPEG (gradient, so it is not trivially small) of the given size. */
export function gradientJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x + y) * 127) / (width + height);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A real decompression bomb: a 1-bit greyscale PNG of side × side black pixels whose compressed data really is
 * all there (a few tens of KB for 144 megapixels). Decoding it to RGBA would take side² × 4 bytes of memory.
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte + packed pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid small JPEG whose frame header (SOF) is rewritten to claim width × height pixels: a few KB that
 * would decode to gigabytes.
 */
export function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let i = 2; i < copy.length - 9; ) {
    if (copy[i] !== 0xff) throw new Error('not a JPEG marker');
    const marker = copy[i + 1] ?? 0;
    const length = copy.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      copy.writeUInt16BE(height, i + 5);
      copy.writeUInt16BE(width, i + 7);
      return copy;
    }
    i += 2 + length;
  }
  throw new Error('no SOF marker found');
}

/**
 * A decoding bomb under the pixel cap: a flat 7000 × 7000 PNG (49 megapixels, about 165 KB) saved interlaced, which
 * libvips must decode whole, several times over. Twelve at once took 11.5 s and 950 MB before they were refused.
 */
export function interlacedPngBomb(): Promise<Buffer> {
  interlacedBomb ??= sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#33aa77' } })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
  return interlacedBomb;
}
let interlacedBomb: Promise<Buffer> | undefined;

/** One entry of a hand-made ZIP: stored (not compressed), with as much name, extra field and comment as asked. */
export interface RawZipEntry {
  name: string;
  data?: Buffer;
  /** Bytes of extra field (one block of an unknown id, as any reader must skip), in both headers. */
  extraBytes?: number;
  /** Bytes of file comment in the central directory. */
  commentBytes?: number;
}

/** A well-formed extra field of `bytes` bytes (a header of 4, then zeros). */
function extraField(bytes: number): Buffer {
  if (bytes === 0) return Buffer.alloc(0);
  const field = Buffer.alloc(bytes);
  field.writeUInt16LE(0xcafe, 0);
  field.writeUInt16LE(bytes - 4, 2);
  return field;
}

/**
 * A ZIP written byte by byte, for what yazl will not write: 60 KB names, 64 KB extra fields and comments, folders.
 * Everything stored, no data descriptors, UTF-8 names.
 */
export function rawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const extra = extraField(entry.extraBytes ?? 0);
    const comment = Buffer.alloc(entry.commentBytes ?? 0, 0x20);
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt16LE(comment.length, 32);
    central.writeUInt32LE(entry.name.endsWith('/') ? 0x10 : 0, 38); // MS-DOS directory attribute
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, data);
    centrals.push(central, name, extra, comment);
    offset += local.length + name.length + extra.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
