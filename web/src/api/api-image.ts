import { useEffect, useState } from 'react';
import { http, usesNativeTransport } from './http.ts';

/** Whether an image address is one of the API's own photos (`/api/photos/…`) rather than a local object URL. */
export function isApiImage(src: string | null): src is string {
  return src?.startsWith('/api/') === true;
}

/** An API photo as the native app must load it: through http(), with its token. */
function needsFetching(src: string | null): src is string {
  return isApiImage(src) && usesNativeTransport();
}

/** Fetches an API photo through http() and gives it back as an object URL (the caller revokes it). */
export async function loadApiImage(src: string): Promise<string> {
  const response = await http(src);
  return URL.createObjectURL(await response.blob());
}

/**
 * A photo's bytes, for drawing it (the share card): an API photo through http() in the native app (its token),
 * else fetched as the page would load it (the cookie; a blob: URL is the outbox's own copy). null when it cannot be
 * had (offline and never kept).
 */
export async function imageBlob(src: string): Promise<Blob | null> {
  const response = needsFetching(src) ? await http(src) : await fetch(src);
  return response.ok ? response.blob() : null;
}

/**
 * The `src` to give an <img> for a photo URL. On the web that is the URL itself (the browser sends the cookie);
 * in the native app an API photo is fetched with the bearer token and shown from an object URL, null until it
 * is there (or when it could not be fetched, so the caller shows its placeholder).
 */
export function useApiImageSource(src: string | null): string | null {
  const [loaded, setLoaded] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!needsFetching(src)) return;
    let cancelled = false;
    let url: string | null = null;
    loadApiImage(src)
      .then((objectUrl) => {
        url = objectUrl;
        if (cancelled) URL.revokeObjectURL(objectUrl);
        else setLoaded({ src, url: objectUrl });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src]);
  if (!needsFetching(src)) return src;
  return loaded?.src === src ? loaded.url : null;
}
