import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action.ts';

/** A promise the test settles by hand, so the pending state can be seen. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction (the first screen’s save, logout and sign-in without useMutation)', () => {
  it('is pending until the run ends, then calls onSuccess with its output and the call’s onSettled', async () => {
    const run = deferred<string>();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const onSettled = vi.fn();
    const { result } = renderHook(() =>
      useAction({ run: (_name: string) => run.promise, onSuccess, onError }),
    );
    expect(result.current.isPending).toBe(false);

    act(() => result.current.mutate('pike', { onSettled }));
    expect(result.current.isPending).toBe(true);
    await act(async () => run.resolve('saved pike'));

    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(onSuccess).toHaveBeenCalledWith('saved pike');
    expect(onError).not.toHaveBeenCalled();
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(result.current.error).toBeNull();
  });

  it('keeps a failure as its error for both onError handlers, and forgets it at the next call', async () => {
    const failure = new Error('no connection');
    const first = deferred<void>();
    const second = deferred<void>();
    let calls = 0;
    const onError = vi.fn();
    const callError = vi.fn();
    const { result } = renderHook(() =>
      useAction({ run: () => (calls++ === 0 ? first : second).promise, onError }),
    );

    act(() => result.current.mutate(undefined, { onError: callError }));
    await act(async () => first.reject(failure));
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(onError).toHaveBeenCalledWith(failure);
    expect(callError).toHaveBeenCalledWith(failure);

    act(() => result.current.mutate());
    expect(result.current.error).toBeNull();
    expect(result.current.isPending).toBe(true);
    await act(async () => second.resolve());
    await waitFor(() => expect(result.current.isPending).toBe(false));
  });
});
