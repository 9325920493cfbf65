/**
 * Handing the card to the phone (docs/decisions/047-share-card.md): the system share sheet through the Web Share API
 * where it takes files (Chrome on Android and so the Android app, Safari and the iOS app's web view), else a download.
 * The project has no Capacitor Share plugin: the iOS app uses its web view's navigator.share like Safari.
 */

/** Whether this browser's share sheet takes this file. */
export function canShareFile(file: File): boolean {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

/** 'shared', or 'cancelled' when the angler closed the sheet; throws when the sheet refused the file. */
export async function shareFile(file: File, title: string): Promise<'shared' | 'cancelled'> {
  try {
    await navigator.share({ files: [file], title });
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    throw error;
  }
}

/** 'tightlines-rainbow-trout-2026-05-01.jpg': the species and day, never the place. */
export function cardFileName(fishType: string, catchDate: string | null): string {
  const species = fishType
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return ['tightlines', species || 'catch', catchDate].filter(Boolean).join('-').concat('.jpg');
}
