import { type ComponentType, useEffect } from 'react';
import { markFirstScreenShown } from '@/lib/first-screen';

/**
 * Placed after a lazily loaded screen inside its Suspense boundary: it mounts together with that screen, once the
 * screen's code has arrived and rendered.
 */
export function ScreenReady() {
  useEffect(markFirstScreenShown, []);
  return null;
}

/** `Screen` with its ScreenReady beside it: for a screen whose code loads on demand (lib/on-demand.tsx). */
export const withScreenReady =
  <P extends object>(Screen: ComponentType<P>) =>
  (props: P) => (
    <>
      <Screen {...props} />
      <ScreenReady />
    </>
  );
