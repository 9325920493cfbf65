import { describe, expect, it } from 'vitest';
import { type Box, TOAST_GAP_PX, toastTop } from './toast-placement.ts';

// A 390 × 844 phone: sticky header 0–56, tabs 72–116; a toast 90 px high across the screen.
const SCREEN = 844;
const TOAST = { height: 90, left: 0, right: 390 };
const row = (top: number, bottom: number, left = 16, right = 374): Box => ({ top, bottom, left, right });
const HEADER = row(0, 56, 0, 390);
const TABS = row(72, 116);
const AT_BOTTOM = SCREEN - TOAST_GAP_PX - TOAST.height;

const overlaps = (top: number, box: Box) => box.bottom > top && box.top < top + TOAST.height;

describe('toastTop: where the toast goes', () => {
  it('sits at the bottom of the screen, away from the header and the tabs', () => {
    expect(toastTop(SCREEN, TOAST, [HEADER, TABS])).toBe(AT_BOTTOM);
  });

  it("rises above a form's submit button at the bottom of the screen", () => {
    const submit = row(780, 828);
    const top = toastTop(SCREEN, TOAST, [HEADER, TABS, submit]);
    expect(top).toBe(780 - TOAST_GAP_PX - TOAST.height);
    expect(overlaps(top, submit)).toBe(false);
  });

  it('rises above stacked buttons (a drawer) to the lowest free gap', () => {
    const buttons = [row(700, 744), row(752, 796), row(804, 836)];
    const top = toastTop(SCREEN, TOAST, [HEADER, TABS, ...buttons]);
    expect(top).toBe(700 - TOAST_GAP_PX - TOAST.height);
    for (const box of buttons) expect(overlaps(top, box)).toBe(false);
  });

  it('takes a gap between two buttons when it fits there', () => {
    const upper = row(500, 548);
    const lower = row(700, 844);
    const top = toastTop(SCREEN, TOAST, [HEADER, TABS, upper, lower]);
    expect(top).toBe(700 - TOAST_GAP_PX - TOAST.height);
    expect(overlaps(top, upper)).toBe(false);
  });

  it('never rises onto the tabs or the header', () => {
    // Buttons fill everything below the tabs: nowhere is free, so it stays at the bottom.
    const wall = row(120, 844);
    const top = toastTop(SCREEN, TOAST, [HEADER, TABS, wall]);
    expect(top).toBe(AT_BOTTOM);
    expect(overlaps(top, HEADER) || overlaps(top, TABS)).toBe(false);
  });

  it('ignores what is beside it (a 420 px toast at the right of a wide screen)', () => {
    const wideToast = { height: 90, left: 604, right: 1024 };
    const leftButton = row(780, 828, 100, 500);
    expect(toastTop(SCREEN, wideToast, [leftButton])).toBe(AT_BOTTOM);
  });
});
