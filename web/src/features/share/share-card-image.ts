import type { ShareCardLines } from '#core/share-card.ts';
import { imageBlob } from '@/api/api-image';
import { type PLACEHOLDER_COLORS, speciesPlaceholder } from '../history/species-placeholder.ts';

/**
 * The shared catch card drawn on the phone (docs/decisions/047-share-card.md): a 1080 × 1350 JPEG, the size a feed
 * shows whole. The photo is fitted, never cropped (a long fish keeps its head and tail), on a dark background; the
 * words below it are core/share-card.ts's. Nothing is uploaded: the photo is read as bytes (the kept copy offline,
 * the outbox's blob for a catch not yet sent), so the canvas is never tainted and can be encoded.
 */

const CARD_WIDTH = 1080;
const CARD_HEIGHT = 1350;
const PHOTO_HEIGHT = 960;
const MARGIN = 64;
const BACKGROUND = '#0b1220';
const TEXT = '#ffffff';
const MUTED = '#cbd5e1';
const QUALITY = 0.9;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The placeholder's Tailwind colours (species-placeholder.ts) as the canvas needs them. */
const PLACEHOLDER_FILLS: Record<(typeof PLACEHOLDER_COLORS)[number], string> = {
  'bg-sky-700': '#0369a1',
  'bg-emerald-700': '#047857',
  'bg-amber-700': '#b45309',
  'bg-rose-700': '#be123c',
  'bg-violet-700': '#6d28d9',
  'bg-indigo-700': '#4338ca',
  'bg-orange-700': '#c2410c',
  'bg-fuchsia-700': '#a21caf',
  'bg-lime-800': '#3f6212',
  'bg-slate-600': '#475569',
};

/**
 * The catch's photo as a bitmap, upright by its EXIF orientation; null without a photo or when it cannot be had
 * (offline and never kept): the card then shows the species placeholder. The native app reads API photos with its
 * token (api-image.ts); a blob: URL is the outbox's own copy.
 */
export async function loadCardPhoto(photo: string | null): Promise<ImageBitmap | null> {
  if (photo === null || typeof createImageBitmap !== 'function') return null;
  try {
    const bytes = await imageBlob(photo);
    return bytes === null ? null : await createImageBitmap(bytes, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/** The card as a JPEG. */
export async function drawShareCard(
  lines: ShareCardLines,
  fishType: string,
  photo: ImageBitmap | null,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the card');
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  if (photo) drawPhoto(context, photo);
  else drawPlaceholder(context, fishType);
  drawWords(context, lines);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The card could not be encoded'))),
      'image/jpeg',
      QUALITY,
    ),
  );
}

/** The whole photo in the top box, letterboxed on the background. */
function drawPhoto(context: CanvasRenderingContext2D, photo: ImageBitmap) {
  const scale = Math.min(CARD_WIDTH / photo.width, PHOTO_HEIGHT / photo.height);
  const width = photo.width * scale;
  const height = photo.height * scale;
  context.imageSmoothingQuality = 'high';
  context.drawImage(photo, (CARD_WIDTH - width) / 2, (PHOTO_HEIGHT - height) / 2, width, height);
}

/** The species' initial on its colour, as History shows a catch without a photo. */
function drawPlaceholder(context: CanvasRenderingContext2D, fishType: string) {
  const { initial, colorClass } = speciesPlaceholder(fishType);
  context.fillStyle = PLACEHOLDER_FILLS[colorClass as keyof typeof PLACEHOLDER_FILLS] ?? '#0369a1';
  context.fillRect(0, 0, CARD_WIDTH, PHOTO_HEIGHT);
  context.fillStyle = TEXT;
  context.font = `600 360px ${FONT}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(initial, CARD_WIDTH / 2, PHOTO_HEIGHT / 2);
}

/** The words under the photo, each on one line, shortened with an ellipsis when too long. */
function drawWords(context: CanvasRenderingContext2D, lines: ShareCardLines) {
  const width = CARD_WIDTH - 2 * MARGIN;
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
  let y = PHOTO_HEIGHT + 96;
  const line = (text: string | null, font: string, colour: string, step: number) => {
    if (text === null) return;
    context.font = font;
    context.fillStyle = colour;
    context.fillText(fitted(context, text, width), MARGIN, y);
    y += step;
  };
  line(lines.title, `700 76px ${FONT}`, TEXT, 68);
  line(lines.measures, `600 48px ${FONT}`, TEXT, 58);
  line([lines.date, lines.place].filter(Boolean).join(' · '), `400 40px ${FONT}`, MUTED, 54);
  line(lines.conditions, `400 36px ${FONT}`, MUTED, 54);
  // The mark, small in the bottom right corner.
  context.font = `600 32px ${FONT}`;
  context.fillStyle = MUTED;
  context.textAlign = 'right';
  context.fillText(lines.mark, CARD_WIDTH - MARGIN, CARD_HEIGHT - 40);
}

function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let shown = text;
  while (shown.length > 1 && context.measureText(`${shown}…`).width > width) shown = shown.slice(0, -1);
  return `${shown.trimEnd()}…`;
}
