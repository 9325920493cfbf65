import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An action's pending state, last error and outcome handlers, for the shell's first screen (the Log form's save,
 * use-auth's logout) and /auth's sign-in: TanStack Query's useMutation and its MutationObserver cost ~1.4 KB gzip of
 * the shell's first load (decision 023); the screens that load later keep useMutation. It runs at once, online or
 * not (what `networkMode: 'always'` gave), and the handlers are the last render's; a call's own run after them.
 */
export interface ActionHandlers<Input, Output> {
  run: (input: Input) => Promise<Output>;
  onSuccess?: (output: Output) => unknown;
  onError?: (error: unknown) => void;
}

export function useAction<Input = void, Output = unknown>(handlers: ActionHandlers<Input, Output>) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (input: Input, options?: { onError?: (error: unknown) => void; onSettled?: () => void }) => {
      setPending(true);
      setError(null);
      void (async () => {
        try {
          const output = await latest.current.run(input);
          await latest.current.onSuccess?.(output);
        } catch (failure) {
          if (mounted.current) setError(failure);
          latest.current.onError?.(failure);
          options?.onError?.(failure);
        } finally {
          if (mounted.current) setPending(false);
          options?.onSettled?.();
        }
      })();
    },
    [],
  );
  return { isPending, error, mutate };
}
