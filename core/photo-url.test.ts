import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PHOTO_URL_PATTERN, photoIdFromFileName, photoIdFromUrl, photoUrl } from './photo-url.ts';

describe('photo URLs', () => {
  it('photoIdFromUrl reads back the id photoUrl wrote, and the pattern the service worker uses agrees', () => {
    const id = randomUUID();
    expect(photoUrl(id)).toBe(`/api/photos/${id}.webp`);
    expect(photoIdFromUrl(photoUrl(id))).toBe(id);
    expect(PHOTO_URL_PATTERN.test(photoUrl(id))).toBe(true);
    expect(photoIdFromFileName(`${id}.webp`)).toBe(id);
  });

  it('recognises nothing but our own photo URLs', () => {
    const id = randomUUID();
    for (const url of [
      `/api/photos/${id.toUpperCase()}.webp`,
      `/api/photos/${id}.webp?size=thumb`,
      `/api/photos/${id}.jpg`,
      `https://elsewhere.example/api/photos/${id}.webp`,
      '/api/photos/------------------------------------.webp',
      '/api/photos/../../etc/passwd.webp',
      `/api/photos/${id}.webp/..`,
    ]) {
      expect(photoIdFromUrl(url), url).toBeNull();
      expect(PHOTO_URL_PATTERN.test(url), url).toBe(false);
    }
    expect(photoIdFromFileName(`../${id}.webp`)).toBeNull();
  });
});
