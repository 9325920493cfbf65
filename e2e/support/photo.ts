import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface TestPhoto {
  file: string;
  bytes: Buffer;
  width: number;
  height: number;
  remove: () => Promise<void>;
}

/** Degrees as the EXIF rational triple libvips expects: 'deg/1 min/1 sec*100/100'. */
function exifDegrees(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutesFloat = (abs - degrees) * 60;
  const minutes = Math.floor(minutesFloat);
  const seconds = Math.round((minutesFloat - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

/**
 * A real camera-like JPEG: a colour gradient with EXIF (camera make and the GPS position), written to a
 * temporary file for a file input. The server must re-encode it and strip every bit of metadata.
 */
export async function makeCatchPhoto(
  gps: { latitude: number; longitude: number },
  width = 1200,
  height = 900,
): Promise<TestPhoto> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((x / width) * 255);
      raw[i + 1] = Math.round((y / height) * 200) + 30;
      raw[i + 2] = 150;
    }
  }
  const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'TightlinesTestCam', Model: 'E2E' },
      IFD3: {
        GPSLatitudeRef: gps.latitude >= 0 ? 'N' : 'S',
        GPSLatitude: exifDegrees(gps.latitude),
        GPSLongitudeRef: gps.longitude >= 0 ? 'E' : 'W',
        GPSLongitude: exifDegrees(gps.longitude),
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
  const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-e2e-photo-'));
  const file = path.join(dir, 'rainbow-trout.jpg');
  await writeFile(file, bytes);
  return { file, bytes, width, height, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A 12 MP phone-camera JPEG (4000×3000 stored, quality 90, about 3.5 MB): a gradient with waves and grain, so it
 * compresses like a photo rather than a flat picture, stored sideways with EXIF orientation 6 (the phone held
 * upright), its capture time with the offset and the GPS position. A red block marks the stored top-left corner,
 * which an upright picture shows at its top right.
 */
export async function makeCameraPhoto(camera: {
  gps: { latitude: number; longitude: number };
  /** EXIF DateTimeOriginal, 'YYYY:MM:DD HH:MM:SS', and OffsetTimeOriginal, '-06:00'. */
  takenAt: string;
  offset: string;
}): Promise<TestPhoto> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 24;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const marker = x < 400 && y < 400;
      const noise = grain();
      const wave = 30 * Math.sin(x / 37) * Math.cos(y / 53);
      raw[i] = marker ? 255 : (x / width) * 200 + wave + noise;
      raw[i + 1] = marker ? 0 : (y / height) * 180 + 30 - wave + noise;
      raw[i + 2] = marker ? 0 : 120 + wave / 2 + noise;
    }
  }
  const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'TightlinesTestCam', Model: 'E2E' },
      IFD2: { DateTimeOriginal: camera.takenAt, OffsetTimeOriginal: camera.offset },
      IFD3: {
        GPSLatitudeRef: camera.gps.latitude >= 0 ? 'N' : 'S',
        GPSLatitude: exifDegrees(camera.gps.latitude),
        GPSLongitudeRef: camera.gps.longitude >= 0 ? 'E' : 'W',
        GPSLongitude: exifDegrees(camera.gps.longitude),
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
  const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-e2e-camera-'));
  const file = path.join(dir, 'IMG_2041.jpg');
  await writeFile(file, bytes);
  return { file, bytes, width, height, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Format, size and whether any EXIF/XMP/ICC metadata is left, of an image the server returned. */
export async function describeImage(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    hasExif: meta.exif !== undefined,
    hasXmp: meta.xmp !== undefined,
  };
}
