import { useEffect } from 'react';
import { markFirstScreenShown } from '@/lib/first-screen';

/**
 * Placed after a lazily loaded screen inside its Suspense boundary: it mounts together with that screen, once the
 * screen's code has arrived and rendered.
 */
export function ScreenReady() {
  useEffect(markFirstScreenShown, []);
  return null;
}
