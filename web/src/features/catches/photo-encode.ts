import { readExif, readJpegSize } from './photo-exif.ts';

/**
 * The steps of preparing a picked photo (docs/decisions/045-photos-prepared-on-the-phone.md): decoded upright by its
 * EXIF orientation at most 2048 px on its long side, drawn on a canvas, re-encoded as WebP (JPEG where the browser
 * encodes no WebP). Run in the photo worker (photo-prep.worker.ts), or on the main thread where there is none
 * (photo-prep.ts). Throws when the browser cannot do it; the caller then keeps the photo as picked.
 */

/** The server's full-size photo is 2048 px on its long side too (server/photos/image-pipeline.ts). */
const PREPARED_MAX_SIDE = 2048;
const QUALITY = 0.82;
/** The APP1 EXIF segment is at most 64 KB and sits near the start of the file; the frame header follows it. */
export const EXIF_READ_BYTES = 256 * 1024;

/** The photo's size once upright and scaled to at most PREPARED_MAX_SIDE. */
function fitted(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PREPARED_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo decoded upright ('from-image' applies the EXIF orientation). A JPEG whose size is known from its
 * header is decoded straight to the final size (resizeWidth/resizeHeight): no 12 MP bitmap is drawn down on the
 * canvas. A bitmap that does not come out at that size (a browser that resizes before turning it) is decoded again
 * whole and scaled by the canvas.
 */
async function uprightBitmap(photo: Blob): Promise<ImageBitmap> {
  const head = await photo.slice(0, EXIF_READ_BYTES).arrayBuffer();
  const stored = readJpegSize(head);
  if (stored) {
    // Orientations 5–8 turn the photo a quarter: its upright width is the stored height.
    const quarter = (readExif(head).orientation ?? 1) >= 5;
    const upright = quarter ? { width: stored.height, height: stored.width } : stored;
    const target = fitted(upright.width, upright.height);
    if (target.width < upright.width) {
      const bitmap = await createImageBitmap(photo, {
        imageOrientation: 'from-image',
        resizeWidth: target.width,
        resizeHeight: target.height,
        resizeQuality: 'high',
      });
      if (bitmap.width === target.width && bitmap.height === target.height) return bitmap;
      bitmap.close();
    }
  }
  return createImageBitmap(photo, { imageOrientation: 'from-image' });
}

export async function preparePhoto(photo: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') throw new Error('No createImageBitmap');
  const bitmap = await uprightBitmap(photo);
  try {
    const { width, height } = fitted(bitmap.width, bitmap.height);
    const canvas = newCanvas(width, height);
    const context = canvas.getContext('2d') as
      | CanvasRenderingContext2D
      | OffscreenCanvasRenderingContext2D
      | null;
    if (!context) throw new Error('No 2D canvas');
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
