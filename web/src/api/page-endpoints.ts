import type { Catch } from '#core/catch.ts';
import type { StoreListings } from '#core/store-listings.ts';
import { http } from './http.ts';
import { photoForm } from './sync-endpoints.ts';

/** The download page's and the test pages' own endpoints (docs/product.md#test-pages): none is the shell's. */

/** POST /api/emergency-catch: the emergency test page's save (fishType, weight, length, locationName). */
export async function createEmergencyCatch(payload: object): Promise<Catch> {
  return (await (await http('/api/emergency-catch', { method: 'POST', json: payload })).json()) as Catch;
}

/** POST /api/upload-photo → { photoUrl } (the basic upload test page's endpoint, docs/api.md). */
export async function uploadBasicPhoto(photo: Blob): Promise<{ photoUrl?: unknown }> {
  return (await (await http('/api/upload-photo', { method: 'POST', form: photoForm(photo) })).json()) as {
    photoUrl?: unknown;
  };
}

/** GET /api/store-listings: this deployment's App Store and Google Play pages, null where the app is not yet. */
export async function getStoreListings(): Promise<StoreListings> {
  return (await (await http('/api/store-listings')).json()) as StoreListings;
}
