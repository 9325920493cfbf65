import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './load-when-online.ts';

/** A browser's window and navigator, as far as loadWhenOnline looks at them. */
function stubBrowser(onLine: boolean) {
  const browser = { window: new EventTarget(), navigator: { onLine } };
  vi.stubGlobal('window', browser.window);
  vi.stubGlobal('navigator', browser.navigator);
  return {
    ...browser,
    goOnline() {
      browser.navigator.onLine = true;
      browser.window.dispatchEvent(new Event('online'));
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadWhenOnline', () => {
  it('does not try while offline, then loads when the network is back', async () => {
    const browser = stubBrowser(false);
    const load = vi.fn(async () => 'module');
    const loaded = loadWhenOnline(load);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    browser.goOnline();
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never rejects: a load cut off by the network is tried again when it comes back', async () => {
    const browser = stubBrowser(true);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const loaded = loadWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    browser.goOnline();
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
