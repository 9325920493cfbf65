import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImageJobQueue, QueueFullError } from './image-job-queue.ts';
import {
  FULL_MAX_SIDE,
  PhotoRejectedError,
  processPhoto,
  sniffImageType,
  THUMB_MAX_BYTES,
  THUMB_MAX_SIDE,
} from './image-pipeline.ts';

// ---------------------------------------------------------------------------------------------------------------
// Fixtures, all made here with sharp or by hand, so nothing binary is checked in.

/** A photo-like image: smooth gradients plus grain, so encoders have real work to do (solid colours are trivial). */
async function photoLike(width: number, height: number): Promise<Sharp> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const i = (y * width + x) * channels;
      pixels[i] = Math.min(255, (x * 232) / width + grain);
      pixels[i + 1] = Math.min(255, (y * 232) / height + grain);
      pixels[i + 2] = Math.min(255, ((x + y) * 127) / (width + height) + 60 + grain);
    }
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

const GPS_IFD_POINTER_TAG = 0x8825;

/** The tags of IFD0 in an EXIF block as sharp's metadata() returns it ('Exif\0\0' + a TIFF structure). */
function ifd0Tags(exif: Buffer): number[] {
  expect(exif.subarray(0, 6).toString('latin1')).toBe('Exif\0\0');
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  return Array.from({ length: count }, (_, i) => u16(ifd0 + 2 + i * 12));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A hand-made 1-bit greyscale PNG: lets a few kilobytes declare (and really contain) a huge image. */
function bilevelPng(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<PhotoRejectedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PhotoRejectedError);
    return error as PhotoRejectedError;
  }
  throw new Error('expected the photo to be rejected, but it was accepted');
}

const longestSide = (m: { width?: number; height?: number }) => Math.max(m.width ?? 0, m.height ?? 0);

// ---------------------------------------------------------------------------------------------------------------

describe('sniffImageType', () => {
  it('recognises the formats sharp decodes here from their magic bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageType(await base.clone().tiff().toBuffer())).toBe('tiff');
    expect(sniffImageType(await base.clone().avif().toBuffer())).toBe('avif');
  });

  it('refuses SVG, text, PDF, HTML and empty input', () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const text of [
      svg,
      '<svg></svg>',
      'hello, this is not a photo',
      '%PDF-1.7\n',
      '<!doctype html><p>',
    ]) {
      expect(sniffImageType(Buffer.from(text))).toBeNull();
    }
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(Uint8Array.of(0xff, 0xd8))).toBeNull(); // too short to be a JPEG
  });

  it('reads ISO-BMFF brands: HEIC only when this sharp build can decode it', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const size = 16 + compatible.length * 4;
      const box = Buffer.alloc(size);
      box.writeUInt32BE(size, 0);
      box.write(`ftyp${major}`, 4, 'latin1');
      compatible.forEach((brand, i) => {
        box.write(brand, 16 + i * 4, 'latin1');
      });
      return box;
    };
    const heicSupported = (sharp.format.heif.input.fileSuffix ?? []).includes('.heic');
    expect(sniffImageType(ftyp('avif', 'mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffImageType(ftyp('mif1', 'mif1', 'avif'))).toBe('avif');
    expect(sniffImageType(ftyp('heic', 'mif1', 'heic'))).toBe(heicSupported ? 'heic' : null);
    expect(sniffImageType(ftyp('isom', 'isom', 'mp41'))).toBeNull(); // an MP4 video
  });

  it('does not trust the bytes of a BMP without a BMP decoder, nor text that starts with "BM"', () => {
    expect(sniffImageType(Buffer.from('BMW owners club newsletter, not an image'))).toBeNull();
  });
});

describe('processPhoto', () => {
  let cameraJpeg: Buffer; // 3000 × 2000, EXIF with camera make, copyright and a GPS position

  beforeAll(async () => {
    cameraJpeg = await (await photoLike(3000, 2000))
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: 'FishCam', Model: 'Reel 1', Copyright: 'secret-owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '59/1 19/1 3000/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '18/1 4/1 1200/100',
        },
      })
      .toBuffer();
  });

  it('re-encodes a camera JPEG as WebP without EXIF or GPS', async () => {
    // The fixture really carries what must be stripped.
    const input = await sharp(cameraJpeg).metadata();
    expect(input.exif).toBeDefined();
    expect(input.exif?.toString('latin1')).toContain('secret-owner');
    expect(ifd0Tags(input.exif as Buffer)).toContain(GPS_IFD_POINTER_TAG);

    const photo = await processPhoto(cameraJpeg);

    for (const [output, maxSide] of [
      [photo.full, FULL_MAX_SIDE],
      [photo.thumb, THUMB_MAX_SIDE],
    ] as const) {
      const meta = await sharp(output).metadata();
      expect(meta.format).toBe('webp');
      expect(longestSide(meta)).toBe(maxSide);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(output.toString('latin1')).not.toContain('secret-owner');
      expect(output.toString('latin1')).not.toContain('FishCam');
    }
    expect([photo.width, photo.height]).toEqual([2048, 1365]);
    expect(photo.thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    expect(photo.thumb.length).toBeLessThanOrEqual(40 * 1024);
  });

  it('keeps a typical 12-megapixel photo thumbnail within 40 KB', async () => {
    const twelveMp = await (await photoLike(4000, 3000)).jpeg({ quality: 92 }).toBuffer();
    const photo = await processPhoto(twelveMp);
    expect(photo.thumb.length).toBeLessThanOrEqual(40 * 1024);
    expect(longestSide(await sharp(photo.thumb).metadata())).toBe(400);
    expect([photo.width, photo.height]).toEqual([2048, 1536]);
  });

  it('applies the EXIF orientation, so a portrait phone photo stays portrait', async () => {
    // Stored 600 × 400 with orientation 6 ("rotate 90° clockwise to view"): viewers show it as 400 × 600.
    const sideways = await (await photoLike(600, 400)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const input = await sharp(sideways).metadata();
    expect([input.width, input.height, input.orientation]).toEqual([600, 400, 6]);

    const photo = await processPhoto(sideways);
    expect([photo.width, photo.height]).toEqual([400, 600]);
    const full = await sharp(photo.full).metadata();
    expect([full.width, full.height, full.orientation]).toEqual([400, 600, undefined]);
    const thumb = await sharp(photo.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([267, 400]);

    // The pixels turned too, not only the numbers. In the stored image red grows to the right and green
    // downwards; turned 90° clockwise, its bottom-left corner (green) becomes the top-left one and its
    // top-left corner (dark) becomes the top-right one.
    const { data, info } = await sharp(photo.full).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels).slice(0, 3));
    const [topLeftRed, topLeftGreen] = pixel(2, 2);
    const [topRightRed, topRightGreen] = pixel(info.width - 3, 2);
    expect(topLeftGreen).toBeGreaterThan(200);
    expect(topLeftRed).toBeLessThan(60);
    expect(topRightGreen).toBeLessThan(60);
    expect(topRightRed).toBeLessThan(60);
  });

  it('accepts PNG (with transparency), WebP, GIF, TIFF and AVIF, never enlarging small images', async () => {
    const transparentPng = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const png = await processPhoto(transparentPng);
    expect([png.width, png.height]).toEqual([300, 200]);
    expect((await sharp(png.full).metadata()).hasAlpha).toBe(true);

    const source = await photoLike(500, 250);
    for (const encoded of [
      await source.clone().webp().toBuffer(),
      await source.clone().gif().toBuffer(),
      await source.clone().tiff().toBuffer(),
      await source.clone().avif().toBuffer(),
    ]) {
      const photo = await processPhoto(encoded);
      expect([photo.width, photo.height]).toEqual([500, 250]);
      expect((await sharp(photo.thumb).metadata()).width).toBe(400);
    }
  });

  it('converts greyscale, 16-bit and CMYK input to an ordinary sRGB WebP', async () => {
    const grey16 = await (await photoLike(300, 300))
      .greyscale()
      .png({ palette: false })
      .toColourspace('grey16')
      .toBuffer();
    const cmyk = await (await photoLike(300, 300)).jpeg().toColourspace('cmyk').toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    for (const input of [grey16, cmyk]) {
      const photo = await processPhoto(input);
      const meta = await sharp(photo.full).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(300);
      expect(meta.space).toBe('srgb');
      const thumb = await sharp(photo.thumb).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 300, 300]);
      // The thumbnail is the same picture (not byte-swapped 16-bit data or shifted channels): same mean colour.
      const means = async (image: Buffer) =>
        (await sharp(image).stats()).channels.map((c) => Math.round(c.mean));
      const [fullMeans, thumbMeans] = [await means(photo.full), await means(photo.thumb)];
      expect(thumbMeans).toHaveLength(fullMeans.length);
      fullMeans.forEach((mean, i) => {
        expect(Math.abs(mean - (thumbMeans[i] ?? -999))).toBeLessThan(6);
      });
    }
  });

  it('keeps only the first frame of an animation', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((colour) =>
        sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);

    const photo = await processPhoto(animated);
    const meta = await sharp(photo.full).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([60, 40, 1]);
    const { data } = await sharp(photo.full).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
    expect(data[1]).toBeLessThan(50);
  });

  it('refuses a truncated JPEG', async () => {
    const truncated = cameraJpeg.subarray(0, Math.floor(cameraJpeg.length * 0.6));
    expect(sniffImageType(truncated)).toBe('jpeg'); // the header alone looks fine
    const error = await rejection(processPhoto(truncated));
    expect(error.status).toBe(400);
    expect(error.code).toBe('damaged_image');
    expect(error.message).toBe('The image is damaged or incomplete');
  });

  it('refuses a truncated PNG and a JPEG with only its header', async () => {
    const png = await (await photoLike(400, 300)).png().toBuffer();
    expect((await rejection(processPhoto(png.subarray(0, png.length - 2000)))).code).toBe('damaged_image');
    expect((await rejection(processPhoto(cameraJpeg.subarray(0, 400)))).code).toBe('damaged_image');
  });

  it('refuses a text file named .jpg (the name is never looked at: only the bytes)', async () => {
    const error = await rejection(processPhoto(Buffer.from('I caught a 12 lb pike!\n', 'utf8')));
    expect(error.status).toBe(400);
    expect(error.code).toBe('not_an_image');
    expect(error.message).toMatch(/^Only image files can be uploaded/);
  });

  it('refuses SVG, even with an image-like beginning, and libvips itself will not load SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>fetch("/api/catches")</script>' +
        '<rect width="100" height="100" fill="red"/></svg>',
    );
    expect((await rejection(processPhoto(svg))).code).toBe('not_an_image');
    // Importing the pipeline blocked sharp's SVG loader for the whole process (defence in depth).
    await expect(sharp(svg).metadata()).rejects.toThrow();
  });

  it('refuses a file whose magic bytes and real format disagree', async () => {
    // Starts like a TIFF, but is not one.
    const fake = Buffer.concat([
      Buffer.from([0x49, 0x49, 0x2a, 0x00]),
      Buffer.from('<svg onload="alert(1)"/>'),
    ]);
    expect(sniffImageType(fake)).toBe('tiff');
    const error = await rejection(processPhoto(fake));
    expect(['not_an_image', 'damaged_image']).toContain(error.code);
  });

  it('refuses a real decompression bomb (17 KB of PNG, 144 megapixels) before decoding it', async () => {
    const side = 12_000;
    const rows = Buffer.alloc((1 + side / 8) * side); // filter byte + 1-bit pixels per row, all black
    const bomb = bilevelPng(side, side, deflateSync(rows, { level: 9 }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([side, side]);

    const started = performance.now();
    const error = await rejection(processPhoto(bomb));
    expect(performance.now() - started).toBeLessThan(1000); // generous; decoding it would take far longer
    expect(error.code).toBe('image_too_large');
    expect(error.message).toBe('The image is too large (more than 50 megapixels)');
  });

  it('refuses a PNG header claiming 100000 × 100000 pixels', async () => {
    const claim = bilevelPng(100_000, 100_000, deflateSync(Buffer.alloc(1000)));
    const error = await rejection(processPhoto(claim));
    expect(error.code).toBe('image_too_large');
  });

  it('refuses an interlaced PNG (49 megapixels in 165 KB, under the general cap) from its header', async () => {
    const interlaced = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3a7' } })
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    expect(interlaced.length).toBeLessThan(256 * 1024);
    expect((await sharp(interlaced, { limitInputPixels: false }).metadata()).isProgressive).toBe(true);

    const started = performance.now();
    const error = await rejection(processPhoto(interlaced));
    // Decoding it took 1.5 s of CPU and 300 MB (twelve at once: 11.5 s, 950 MB); the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.code).toBe('interlaced_image');
    expect(error.message).toBe(
      'Interlaced PNG and GIF images cannot be uploaded: save the image without interlacing, or as a JPEG',
    );
  });

  it('refuses interlaced PNG and GIF of any size, but takes them saved without interlacing', async () => {
    const small = sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7' } });
    for (const interlaced of [
      await small.clone().png({ progressive: true }).toBuffer(),
      await small.clone().gif({ progressive: true }).toBuffer(),
    ]) {
      expect((await rejection(processPhoto(interlaced))).code).toBe('interlaced_image');
    }
    for (const plain of [await small.clone().png().toBuffer(), await small.clone().gif().toBuffer()]) {
      expect((await processPhoto(plain)).width).toBe(300);
    }
  });

  it('caps formats decoded whole (PNG, GIF, TIFF at 16 megapixels, AVIF at 9), JPEG and WebP stay at 50', async () => {
    // 16.8 megapixels, encoded as fast as each encoder goes.
    const overCap = sharp({ create: { width: 4200, height: 4000, channels: 3, background: '#3a7' } });
    const avif9mp = sharp({ create: { width: 3200, height: 3000, channels: 3, background: '#3a7' } });
    for (const [name, megapixels, encoded] of [
      ['PNG', 16, await overCap.clone().png({ compressionLevel: 1 }).toBuffer()],
      ['GIF', 16, await overCap.clone().gif({ effort: 1 }).toBuffer()],
      ['TIFF', 16, await overCap.clone().tiff({ compression: 'lzw' }).toBuffer()],
      ['AVIF', 9, await avif9mp.avif({ effort: 0 }).toBuffer()],
    ] as const) {
      const error = await rejection(processPhoto(encoded));
      expect(error.code).toBe('image_too_large');
      expect(error.message).toBe(
        `The image is too large: ${name} images can have at most ${megapixels} megapixels ` +
          '(save it as a JPEG or WebP for more)',
      );
    }
    for (const encoded of [
      await overCap.clone().jpeg().toBuffer(),
      await overCap.clone().webp({ effort: 0 }).toBuffer(),
    ]) {
      expect(await processPhoto(encoded)).toMatchObject({ width: 2048, height: 1950 });
    }
  }, 60_000);

  it('decodes through the given queue, and reports a full queue without decoding', async () => {
    const queue = new ImageJobQueue({ concurrency: 1, maxWaiting: 0 });
    let release = () => {};
    const blocker = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await expect(processPhoto(png, { queue })).rejects.toBeInstanceOf(QueueFullError);
    // A refusal never needs the queue.
    expect((await rejection(processPhoto(Buffer.from('not a photo'), { queue }))).code).toBe('not_an_image');
    release();
    await blocker;
    expect((await processPhoto(png, { queue })).width).toBe(40);
  });

  it('honours a lower pixel cap', async () => {
    const error = await rejection(processPhoto(cameraJpeg, { maxInputPixels: 2_000_000 }));
    expect(error.code).toBe('image_too_large');
    expect(error.message).toBe('The image is too large (more than 2 megapixels)');
    await expect(processPhoto(cameraJpeg, { maxInputPixels: 6_000_000 })).resolves.toBeDefined();
  });
});
