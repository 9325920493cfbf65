import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

/** A component whose code loads on demand (onDemand), rendered with <OnDemand source={…} props={…} />. */
export interface OnDemandSource<P> {
  loaded?: ComponentType<P>;
  /** Starts loading the code (once; again after a failure). */
  preload: () => Promise<unknown>;
  /** Shown until the code is here, unless <OnDemand fallback={…}> gives another. */
  fallback?: ReactNode;
}

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback?: ReactNode,
): OnDemandSource<P> {
  let loading: Promise<unknown> | undefined;
  const source: OnDemandSource<P> = {
    fallback,
    preload: () => {
      loading ??= load().then(
        (component) => {
          source.loaded = component;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
  return source;
}

/**
 * `source.fallback` until the code is here, then the component, in the next render. Not React.lazy in a Suspense
 * boundary: React holds back a boundary's content until 300 ms after its fallback showed (its reveal throttle), so
 * each first screen waited up to 300 ms for code that had already arrived (decision 023). A failed load is thrown
 * while rendering, for the error boundary around it, and tried again when that boundary renders this again.
 */
export function OnDemand<P extends object>({
  source,
  props,
  fallback = source.fallback,
}: {
  source: OnDemandSource<P>;
  props: P;
  fallback?: ReactNode;
}) {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // Shown from the render after the first, even when the code is already here: the screen then renders in a task
  // of its own, not in the same long task as everything around it (Lighthouse's blocking time on the Log tab).
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    source.preload().then(
      () => mounted && setShown(true),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [source]);
  if (failure) throw failure.error;
  const Component = source.loaded;
  return shown && Component ? <Component {...props} /> : fallback;
}
