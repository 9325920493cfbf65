import { EXIF_READ_BYTES, preparePhoto } from './photo-encode.ts';
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
    preparation = prepareInWorker(photo)
      // No worker (or one that could not do it): the same steps on the main thread, else the photo as picked.
      .catch(() => preparePhoto(photo))
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

/**
 * The preparation in a worker of its own (OffscreenCanvas there: Chromium, Firefox, Safari 16.4+), so the draw and
 * the encode never hold the page's main thread while the angler fills in the form. One worker, kept for the next
 * photo; a worker that fails is dropped and the caller prepares on the main thread.
 */
let worker: Worker | null = null;
let nextRequest = 0;
const waiting = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();

function prepareInWorker(photo: Blob): Promise<Blob> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function')
    return Promise.reject(new Error('No worker with an OffscreenCanvas'));
  if (!worker) {
    const started = new Worker(new URL('./photo-prep.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<{ id: number; blob: Blob | null }>) => {
      const { id, blob } = event.data;
      const request = waiting.get(id);
      waiting.delete(id);
      if (blob) request?.resolve(blob);
      else request?.reject(new Error('The photo worker could not prepare it'));
    };
    started.onerror = () => {
      worker = null;
      started.terminate();
      for (const { reject } of waiting.values()) reject(new Error('The photo worker failed'));
      waiting.clear();
    };
    worker = started;
  }
  const id = nextRequest++;
  const promise = new Promise<Blob>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.postMessage({ id, photo });
  return promise;
}
