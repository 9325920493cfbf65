/**
 * Where the toast goes so that it never lies over what the angler must be able to tap (decision 007: on a phone the
 * toast sat over the header and the Log/History/Tools tabs for 5 s and took the taps). The toast sits at the
 * bottom of the screen; when that spot would cover a form's submit button, a dialog's buttons or the offline
 * banner, it rises to the lowest free gap above them. The header and the tabs are never candidates, so it never
 * rises onto them. Pure geometry here; toaster.tsx measures the page.
 */

/** What the toast must leave uncovered: page chrome, tabs, submit buttons, dialog buttons, the offline banner. */
export const TOAST_AVOID_SELECTOR = [
  'header',
  '[role="tablist"]',
  'button[type="submit"]',
  '[role="dialog"] button',
  '[role="alertdialog"] button',
  '[data-toast-avoid]',
].join(', ');

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Space kept between the toast and the screen's edge or what it avoids, px. */
export const TOAST_GAP_PX = 8;

/**
 * The toast's top (px from the top of the screen): the lowest position, starting from the bottom edge, where a
 * toast of `size` over the columns `left`..`right` touches none of `avoid`. Only boxes that share columns with the
 * toast count. With no free position at all it stays at the bottom.
 */
export function toastTop(
  screenHeight: number,
  toast: { height: number; left: number; right: number },
  avoid: readonly Box[],
): number {
  const inColumn = avoid.filter((box) => box.right > toast.left && box.left < toast.right);
  const atBottom = screenHeight - TOAST_GAP_PX - toast.height;
  const candidates = [atBottom, ...inColumn.map((box) => box.top - TOAST_GAP_PX - toast.height)]
    .filter((top) => top >= 0 && top <= atBottom)
    .sort((a, b) => b - a);
  for (const top of candidates) {
    const bottom = top + toast.height;
    if (inColumn.every((box) => box.bottom <= top || box.top >= bottom)) return top;
  }
  return atBottom;
}
