/**
 * The one definition of a photo's id and URL (decision 015). The server makes ids with crypto.randomUUID()
 * (lower-case UUIDs, also the file and object names of the photo stores) and hands out `/api/photos/<id>.webp`;
 * the catch input, the photo route and the service worker all recognise photos with the patterns below.
 * No zod here: the web app's main bundle and the service worker import this file.
 */

const PHOTO_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Where photos are served: the photo route is `${PHOTOS_PATH}:file`. */
export const PHOTOS_PATH = '/api/photos/';

const PHOTO_ID_PATTERN = new RegExp(`^${PHOTO_ID}$`);
/** The last segment of a photo URL, `<id>.webp` (the photo route's `:file`); the id is group 1. */
export const PHOTO_FILE_PATTERN = new RegExp(`^(${PHOTO_ID})\\.webp$`);
/** A photo URL the server hands out, without query: `/api/photos/<id>.webp`. A catch may only point at one of these. */
export const PHOTO_URL_PATTERN = new RegExp(`^${PHOTOS_PATH}(${PHOTO_ID})\\.webp$`);

/** True for the ids photos have: lower-case UUIDs, as crypto.randomUUID() makes them. */
export function isPhotoId(id: unknown): id is string {
  return typeof id === 'string' && PHOTO_ID_PATTERN.test(id);
}

/** The URL a stored photo is served at. */
export function photoUrl(photoId: string): string {
  return `${PHOTOS_PATH}${photoId}.webp`;
}

/** Inverse of photoUrl: the photo id inside one of our photo URLs, or null for anything else. */
export function photoIdFromUrl(url: string): string | null {
  return PHOTO_URL_PATTERN.exec(url)?.[1] ?? null;
}

/** The photo id of the photo route's `<id>.webp` file name, or null for anything else. */
export function photoIdFromFileName(fileName: string): string | null {
  return PHOTO_FILE_PATTERN.exec(fileName)?.[1] ?? null;
}
