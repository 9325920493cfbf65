import { preparePhoto } from './photo-encode.ts';

/**
 * The photo worker (photo-prep.ts starts it at the first pick): prepares each photo it is sent off the page's main
 * thread and answers with the prepared photo, or null when it could not (the page then tries on its main thread).
 */
addEventListener('message', (event: MessageEvent<{ id: number; photo: Blob }>) => {
  const { id, photo } = event.data;
  preparePhoto(photo).then(
    (blob) => postMessage({ id, blob }),
    () => postMessage({ id, blob: null }),
  );
});
