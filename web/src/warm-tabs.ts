/**
 * With no service worker for this page (no support, development, a hard reload), nothing is precached: the three
 * tabs' code, the Log form's save, the photo viewer, the catch contract the forms check with and the typed
 * coordinates' check are fetched while there is a network, so a tab opened after the signal dropped still works in
 * this open page. Loaded by main.tsx after the first screen, only then (decision 023: the shell's first bundle
 * would otherwise carry each import's list of chunks).
 */
export function warmTabs(): void {
  const ignore = () => {};
  import('@/features/log/log-catch-form').catch(ignore);
  import('@/features/catches/save-catch').catch(ignore);
  import('@/features/history/catch-history').catch(ignore);
  import('@/features/history/photo-viewer').catch(ignore);
  import('@/features/tools/tools-tab').catch(ignore);
  import('@/features/catches/catch-contract').then((m) => m.loadCatchContract()).catch(ignore);
  import('@/features/log/coordinate-check').catch(ignore);
}
