/** GET /api/store-listings: the native apps' store pages this deployment points at, null where there is none yet. */
export interface StoreListings {
  appStore: string | null;
  googlePlay: string | null;
}
