/**
 * "The first screen is on display": resolved by the first <ScreenReady /> to mount. Work that is not needed for
 * the first screen (the offline warm-up of every tab's code, the service worker's registration) waits for it, so
 * it never competes with the first screen for the network or the main thread (decision 023).
 */
let markShown: () => void = () => {};

export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

export function markFirstScreenShown(): void {
  markShown();
}
