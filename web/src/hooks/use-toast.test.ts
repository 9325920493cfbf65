import { describe, expect, it } from 'vitest';
import {
  dismissToast,
  getToasts,
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toast,
} from './use-toast.ts';

describe('toast store', () => {
  it('uses the SPEC §9 constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
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
