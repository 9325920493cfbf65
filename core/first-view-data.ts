/**
 * What History asks the server for first when it opens with nothing kept on the phone (a first visit): on the list,
 * the newest catches (a short answer shown while the whole list is on its way); on Stats and Insights, the server's
 * figures of the whole log (web/src/routes/home.tsx). Here, in one place, because the server names the same address
 * as a preload in the answer of /logs/list, /logs/stats and /logs/insights, so the browser asks with the page
 * (server/http/route-preloads.ts, docs/decisions/055-view-data-asked-with-the-page.md): a preload is only taken when
 * its address is exactly the app's.
 */

/** How many of the newest catches History's first screen shows while the whole list is not there yet. */
export const NEWEST_CATCHES_COUNT = 20;

export const FIRST_VIEW_DATA = {
  list: `/api/catches?limit=${NEWEST_CATCHES_COUNT}`,
  stats: '/api/stats',
  insights: '/api/insights',
} as const;
