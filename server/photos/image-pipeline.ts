// Turns uploaded bytes into the only thing we ever store and serve: a freshly encoded WebP (longest side 2048 px)
// and a WebP thumbnail (longest side 400 px, at most 40 KB), upright, with no metadata (EXIF, GPS, XMP, ICC).
//
// Order of defences (docs/product.md#photos, decision 008):
//  1. sniffImageType: the type comes from the magic bytes only, never from the file name or the client's MIME type.
//     SVG (sharp bundles an SVG renderer), text, PDF and anything else is refused before sharp sees it.
//  2. metadata(): reads the header only; the declared width × height is checked against a pixel cap before any
//     pixel is decoded (decompression bombs), and the format libvips detected must be the one we sniffed.
//  3. what cannot be decoded cheaply is refused from the header too: interlaced PNG and GIF, and formats that are
//     decoded whole into memory (PNG, GIF, TIFF, AVIF) above lower pixel caps (docs/decisions/008-storage-…).
//  4. decode with limitInputPixels (the cap again, enforced by libvips) and failOn 'truncated', so a cut-off upload
//     is refused instead of being stored with a grey lower half. Only the first frame of an animation is used.
//     The decoding runs through the caller's ImageJobQueue, one photo at a time; refusals never wait for it.
// The server runs all of this in its image worker, a child process (image-worker-client.ts), never in its own.
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import type { ImageJobQueue } from './image-job-queue.ts';
import { PhotoRejectedError, type ProcessedPhoto } from './photo-processing.ts';

// Defence in depth, process-wide: even if an SVG got past the sniffing, libvips refuses to load it (its SVG
// renderer is a large attack surface and SVG can carry scripts). Nothing on the server needs SVG input.
sharp.block({ operation: ['VipsForeignLoadSvg'] });
// One libvips worker thread per pipeline: a photo's two pipelines then take at most the machine's two cores, and
// the server's event loop (at a higher priority than the image worker's) keeps its share of the CPU. No operation cache: every upload is a different image, and the
// cache would only keep up to 50 MB of decoded pixels alive for nothing.
sharp.concurrency(1);
sharp.cache(false);

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic' | 'tiff' | 'bmp';

export { PhotoRejectedError, type ProcessedPhoto } from './photo-processing.ts';

const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;
/**
 * Lower caps for the formats libvips decodes whole before it can shrink them, where a 50 MP baseline JPEG or WebP,
 * decoded in strips and shrunk on load, takes under 60 MB. A 16 MP GIF takes about 110 MB to decode; AVIF and HEIC
 * about 18 bytes a pixel (a 500-byte 16 MP AVIF: 290 MB and a second of CPU), so they stop at 9 MP, which still
 * takes a 4K image. A real photo of more than 16 MP in a lossless format would not fit the 20 MB upload limit
 * anyway: what is bigger is nearly always a synthetic image made to be expensive.
 */
const DECODED_WHOLE_MAX_PIXELS: Readonly<Partial<Record<ImageType, number>>> = {
  png: 16_000_000,
  gif: 16_000_000,
  tiff: 16_000_000,
  bmp: 16_000_000,
  avif: 9_000_000,
  heic: 9_000_000,
};
export const FULL_MAX_SIDE = 2048;
export const THUMB_MAX_SIDE = 400;
export const THUMB_MAX_BYTES = 40 * 1024;

const FULL_QUALITY = 80;
// Tried in turn until the thumbnail fits THUMB_MAX_BYTES; a typical photo fits at the first.
const THUMB_QUALITIES = [70, 55, 40, 25];

const NOT_AN_IMAGE = 'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or TIFF)';
const DAMAGED = 'The image is damaged or incomplete';
const INTERLACED =
  'Interlaced PNG and GIF images cannot be uploaded: save the image without interlacing, or as a JPEG';

// What this sharp build can decode from a buffer. The prebuilt sharp binaries decode AVIF but not HEIC (HEVC is
// patent-encumbered and left out), and have no BMP loader (that needs ImageMagick), so those stay null here.
const heifSuffixes = sharp.format.heif?.input.buffer ? (sharp.format.heif.input.fileSuffix ?? []) : [];
const CAN_DECODE: Record<ImageType, boolean> = {
  jpeg: sharp.format.jpeg?.input.buffer === true,
  png: sharp.format.png?.input.buffer === true,
  gif: sharp.format.gif?.input.buffer === true,
  webp: sharp.format.webp?.input.buffer === true,
  tiff: sharp.format.tiff?.input.buffer === true,
  avif: heifSuffixes.includes('.avif'),
  heic: heifSuffixes.includes('.heic'),
  bmp: sharp.format.magick?.input.buffer === true,
};

// The format name sharp's metadata() reports for each sniffed type.
const SHARP_FORMAT: Record<ImageType, string> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tiff',
  avif: 'heif',
  heic: 'heif',
  bmp: 'magick',
};

const FORMAT_NAME: Record<ImageType, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  tiff: 'TIFF',
  avif: 'AVIF',
  heic: 'HEIC',
  bmp: 'BMP',
};

/** Decoded in strips, and shrunk while decoding: cheap at any size up to the general cap. */
function decodesInStrips(type: ImageType, metadata: Metadata): boolean {
  return type === 'webp' || (type === 'jpeg' && !metadata.isProgressive);
}

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
const BMP_DIB_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, i) => bytes[offset + i] === value);
}

/** ISO base media file ('ftyp' box) brands: AVIF and HEIC/HEIF. */
function sniffIsoBmff(bytes: Uint8Array): 'avif' | 'heic' | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (boxSize < 16 || boxSize % 4 !== 0) return null;
  const major = ascii(bytes, 8, 12);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    compatible.push(ascii(bytes, offset, offset + 4));
  }
  if (AVIF_BRANDS.has(major)) return 'avif';
  if (HEIC_BRANDS.has(major)) return 'heic';
  if (compatible.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (compatible.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  // A generic HEIF image without a codec brand: in practice HEVC (what cameras write).
  if (GENERIC_HEIF_BRANDS.has(major) || compatible.some((brand) => GENERIC_HEIF_BRANDS.has(brand)))
    return 'heic';
  return null;
}

function sniffAnyImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // Little- and big-endian TIFF, and BigTIFF (43).
  if (
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])
  ) {
    return 'tiff';
  }
  // 'BM' alone is too weak (any text may start with it): also require a known DIB header size.
  if (bytes.length >= 18 && ascii(bytes, 0, 2) === 'BM') {
    const dibHeaderSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(14, true);
    if (BMP_DIB_HEADER_SIZES.has(dibHeaderSize)) return 'bmp';
  }
  return sniffIsoBmff(bytes);
}

/**
 * The image type of `bytes`, judged from the magic bytes alone, or null when it is not an image this server can
 * decode (SVG, text, PDF, HEIC or BMP in a sharp build without their decoders, anything else).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const type = sniffAnyImageType(bytes);
  return type !== null && CAN_DECODE[type] ? type : null;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function tooLarge(maxInputPixels: number, cause?: unknown): PhotoRejectedError {
  const megapixels = Math.round((maxInputPixels / 1_000_000) * 10) / 10;
  return new PhotoRejectedError(
    'image_too_large',
    `The image is too large (more than ${megapixels} megapixels)`,
    cause === undefined ? undefined : { cause },
  );
}

function rejectionFor(error: unknown, maxInputPixels: number): PhotoRejectedError {
  if (error instanceof PhotoRejectedError) return error;
  if (isPixelLimitError(error)) return tooLarge(maxInputPixels, error);
  return new PhotoRejectedError('damaged_image', DAMAGED, { cause: error });
}

/**
 * Refuses, from the header alone, what would be expensive to decode: more pixels than the cap, an interlaced PNG or
 * GIF (decoded whole, and several times over), or a format decoded whole above its DECODED_WHOLE_MAX_PIXELS.
 */
function refuseCostlyDecoding(type: ImageType, metadata: Metadata, maxInputPixels: number): void {
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > maxInputPixels) throw tooLarge(maxInputPixels);
  if ((type === 'png' || type === 'gif') && metadata.isProgressive) {
    throw new PhotoRejectedError('interlaced_image', INTERLACED);
  }
  const formatCap = DECODED_WHOLE_MAX_PIXELS[type];
  if (formatCap !== undefined && pixels > formatCap) {
    const megapixels = formatCap / 1_000_000;
    throw new PhotoRejectedError(
      'image_too_large',
      `The image is too large: ${FORMAT_NAME[type]} images can have at most ${megapixels} megapixels ` +
        '(save it as a JPEG or WebP for more)',
    );
  }
}

/** What inspectPhoto read from a header it accepted: all encodePhoto needs. */
export interface InspectedPhoto {
  input: Buffer;
  type: ImageType;
  metadata: Metadata;
  maxInputPixels: number;
}

/** For every sharp instance. pages: 1 = the first frame or page only (sharp's default, stated for the reader). */
const inputOptionsFor = (maxInputPixels: number) =>
  ({ failOn: 'truncated', limitInputPixels: maxInputPixels, pages: 1 }) as const satisfies SharpOptions;

/**
 * The checks of an upload, from its magic bytes and header only (no pixel is decoded): PhotoRejectedError for
 * anything that is not a decodable image within the pixel caps (default 50 megapixels, less for formats decoded
 * whole: DECODED_WHOLE_MAX_PIXELS).
 */
export async function inspectPhoto(
  bytes: Uint8Array,
  maxInputPixels = DEFAULT_MAX_INPUT_PIXELS,
): Promise<InspectedPhoto> {
  const type = sniffImageType(bytes);
  if (type === null) throw new PhotoRejectedError('not_an_image', NOT_AN_IMAGE);

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // Header only: no pixels are decoded here.
    const metadata = await sharp(input, inputOptionsFor(maxInputPixels)).metadata();
    if (metadata.format !== SHARP_FORMAT[type]) {
      throw new PhotoRejectedError('not_an_image', NOT_AN_IMAGE);
    }
    if (!metadata.width || !metadata.height) throw new PhotoRejectedError('damaged_image', DAMAGED);
    refuseCostlyDecoding(type, metadata, maxInputPixels);
    return { input, type, metadata, maxInputPixels };
  } catch (error) {
    throw rejectionFor(error, maxInputPixels);
  }
}

/** Decodes an inspected photo and encodes both sizes; PhotoRejectedError when the pixels turn out damaged. */
export async function encodePhoto({
  input,
  type,
  metadata,
  maxInputPixels,
}: InspectedPhoto): Promise<ProcessedPhoto> {
  try {
    // autoOrient applies the EXIF orientation; no withMetadata()/keepMetadata(), so nothing of the input's
    // metadata is written out (sharp outputs sRGB without EXIF, XMP or ICC by default).
    const decoder = () => sharp(input, { ...inputOptionsFor(maxInputPixels), autoOrient: true });
    return decodesInStrips(type, metadata) ? await encodeTwice(decoder) : await encodeOnce(decoder());
  } catch (error) {
    throw rejectionFor(error, maxInputPixels);
  }
}

/**
 * Validates and re-encodes an uploaded photo in this process (the server runs it in its image worker:
 * image-worker-client.ts): inspectPhoto, then encodePhoto through `queue` when one is given (QueueFullError when
 * it is full). Refusals never wait for the queue.
 */
export async function processPhoto(
  bytes: Uint8Array,
  options?: { maxInputPixels?: number; queue?: ImageJobQueue },
): Promise<ProcessedPhoto> {
  const inspected = await inspectPhoto(bytes, options?.maxInputPixels);
  const encode = () => encodePhoto(inspected);
  return options?.queue ? options.queue.run(encode) : encode();
}

/**
 * Two pipelines from the same input rather than one decode: the thumbnail then profits from JPEG/WebP
 * shrink-on-load (decoding at 1/8 scale), which is faster than resizing the 2048 px image again.
 */
async function encodeTwice(decoder: () => Sharp): Promise<ProcessedPhoto> {
  const [full, thumb] = await Promise.all([
    decoder()
      .resize(FULL_MAX_SIDE, FULL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: FULL_QUALITY })
      .toBuffer({ resolveWithObject: true }),
    encodeThumbnail(decoder()),
  ]);
  return { full: full.data, thumb, width: full.info.width, height: full.info.height };
}

/** Formats decoded whole are decoded once: the thumbnail is made from the 2048 px image. */
async function encodeOnce(decoded: Sharp): Promise<ProcessedPhoto> {
  const { data, info } = await decoded
    .resize(FULL_MAX_SIDE, FULL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fromRaw = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [full, thumb] = await Promise.all([
    fromRaw().webp({ quality: FULL_QUALITY }).toBuffer(),
    encodeThumbnail(fromRaw()),
  ]);
  return { full, thumb, width: info.width, height: info.height };
}

async function encodeThumbnail(source: Sharp): Promise<Buffer> {
  // Decode and resize once, then try decreasing qualities (usually only the first is needed).
  const { data, info } = await source
    .resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  let thumb: Buffer | undefined;
  for (const quality of THUMB_QUALITIES) {
    thumb = await sharp(data, { raw }).webp({ quality }).toBuffer();
    if (thumb.length <= THUMB_MAX_BYTES) return thumb;
  }
  // Even the lowest quality is over budget (a 400 px image of pure noise): keep the smallest we made.
  if (thumb === undefined) throw new Error('no thumbnail qualities configured');
  return thumb;
}
