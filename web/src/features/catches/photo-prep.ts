import { readExif } from './photo-exif.ts';

/**
 * A picked photo prepared on the phone (docs/decisions/045-photos-prepared-on-the-phone.md), loaded on demand when a
 * photo is picked (decision 023: not with the Log tab's first screen). Before the photo is kept in the outbox it is
 * decoded, turned upright by its EXIF orientation, scaled to at most 2048 px on its long side and re-encoded
 * (WebP where the browser encodes it, else JPEG): the canvas writes no metadata, so the photo's GPS position never
 * leaves the phone. Its capture time and position are read first, to be offered to the form (never filled silently).
 * A photo the browser cannot decode (HEIC where it has no decoder) is kept as picked: the server re-encodes every
 * photo without metadata anyway.
 */

/** The server's full-size photo is 2048 px on its long side too (server/photos/image-pipeline.ts). */
const PREPARED_MAX_SIDE = 2048;
const QUALITY = 0.82;
/** The APP1 EXIF segment is at most 64 KB and sits near the start of the file. */
const EXIF_READ_BYTES = 256 * 1024;

/** What the photo says about the catch, as the form's fields want it. */
export interface PhotoFacts {
  /** Wall-clock time the photo was taken: the catch's local time, as the form's date and time hold it. */
  takenAt: { catchDate: string; timeOfDay: string } | null;
  position: { latitude: number; longitude: number } | null;
}

/** The capture time and GPS position of a picked photo (JPEG EXIF), or null when it has neither. */
export async function readPhotoFacts(photo: Blob): Promise<PhotoFacts | null> {
  const exif = readExif(await photo.slice(0, EXIF_READ_BYTES).arrayBuffer());
  const takenAt = exif.takenAt
    ? { catchDate: exif.takenAt.date, timeOfDay: exif.takenAt.time.slice(0, 5) }
    : null;
  return takenAt || exif.position ? { takenAt, position: exif.position } : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '26 Nov 2026, 6:42 pm' from the form's yyyy-MM-dd and HH:mm (by hand: the same on every phone). */
function spokenMoment({ catchDate, timeOfDay }: { catchDate: string; timeOfDay: string }): string {
  const [year, month, day] = catchDate.split('-').map(Number) as [number, number, number];
  const [hour, minute] = timeOfDay.split(':').map(Number) as [number, number];
  const clock = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
  return `${day} ${MONTHS[month - 1]} ${year}, ${clock}`;
}

/** The offer under the preview: what the photo says, and the button's words. */
export function photoFactsOffer(facts: PhotoFacts): { sentence: string; action: string } {
  const when = facts.takenAt ? ` ${spokenMoment(facts.takenAt)}` : '';
  const where = facts.position
    ? ` at ${Number(facts.position.latitude.toFixed(2))}, ${Number(facts.position.longitude.toFixed(2))}`
    : '';
  const action = facts.takenAt && facts.position ? 'time and place' : facts.takenAt ? 'time' : 'place';
  return { sentence: `This photo was taken${when}${where}`, action: `Use its ${action}` };
}

/** The User Timing measure of each preparation. */
const PREPARED_MEASURE = 'photo prepared';

// One preparation per picked photo: started when it is picked (photo-field.tsx), awaited again at the save.
const prepared = new WeakMap<Blob, Promise<Blob>>();

/** The photo to keep in the outbox and upload: prepared, or as picked when the phone cannot decode it. */
export function photoForUpload(photo: Blob): Promise<Blob> {
  let preparation = prepared.get(photo);
  if (!preparation) {
    const start = performance.now();
    preparation = preparePhoto(photo)
      .catch(() => photo)
      .then((kept) => {
        // How long the phone took, for DevTools and the browser test that measures it (User Timing); a browser
        // without User Timing's options still keeps the photo.
        try {
          performance.measure(PREPARED_MEASURE, { start, end: performance.now() });
        } catch {}
        return kept;
      });
    prepared.set(photo, preparation);
  }
  return preparation;
}

async function preparePhoto(photo: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return photo;
  // 'from-image' applies the EXIF orientation while decoding: the bitmap is upright.
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, PREPARED_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = newCanvas(width, height);
    const context = canvas.getContext('2d') as
      | CanvasRenderingContext2D
      | OffscreenCanvasRenderingContext2D
      | null;
    if (!context) return photo;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    // A browser that cannot encode WebP answers with a PNG (Safari): JPEG then.
    const webp = await encode(canvas, 'image/webp');
    return webp.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg');
  } finally {
    bitmap.close();
  }
}

function newCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: QUALITY });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      type,
      QUALITY,
    ),
  );
}
