import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast } from './use-toast.ts';

describe('toast store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // docs/product.md#toasts: one toast at a time (limit 1), 5000 ms by default (both below), removed 1,000,000 ms after dismissal.
  it('keeps a dismissed toast, closed, for 1,000,000 ms, then removes it', () => {
    vi.useFakeTimers();
    const shown = toast({ title: 'Catch saved' });
    dismissToast(shown.id);
    vi.advanceTimersByTime(999_999);
    expect(getToasts()).toMatchObject([{ id: shown.id, open: false }]);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('shows one toast at a time, the newest', () => {
    toast({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' });
    const second = toast({ title: 'Login successful', description: 'Welcome back, ann!' });
    const toasts = getToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'Login successful', open: true, duration: 5000 });
  });

  it('closes a dismissed toast and can update one', () => {
    const shown = toast({ title: 'Saving', duration: 1000 });
    shown.update({ title: 'Saved' });
    expect(getToasts()[0]).toMatchObject({ title: 'Saved', duration: 1000 });
    dismissToast(shown.id);
    expect(getToasts()[0]?.open).toBe(false);
  });
});
