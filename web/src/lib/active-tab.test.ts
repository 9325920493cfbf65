import { describe, expect, it } from 'vitest';
import { parseShellTab, readActiveTab, writeActiveTab } from './active-tab.ts';

/** An in-memory Storage, optionally throwing like a browser in a strict privacy mode. */
function memoryStorage(initial: Record<string, string> = {}, broken = false): Storage {
  const data = new Map(Object.entries(initial));
  const check = () => {
    if (broken) throw new Error('SecurityError');
  };
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => {
      check();
      return data.get(key) ?? null;
    },
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => data.delete(key),
    setItem: (key, value) => {
      check();
      data.set(key, String(value));
    },
  } as Storage;
}

describe('active tab', () => {
  it('accepts log, history and tools', () => {
    expect(parseShellTab('log')).toBe('log');
    expect(parseShellTab('history')).toBe('history');
    expect(parseShellTab('tools')).toBe('tools');
  });

  it('gives log for anything missing or not allowed', () => {
    for (const value of [null, undefined, '', 'Tools', 'settings', 42, {}])
      expect(parseShellTab(value)).toBe('log');
  });

  it('reads what was written', () => {
    const store = memoryStorage();
    expect(readActiveTab(store)).toBe('log');
    writeActiveTab('history', store);
    expect(store.getItem('activeTab')).toBe('history');
    expect(readActiveTab(store)).toBe('history');
  });

  it('ignores a bad stored value', () => {
    expect(readActiveTab(memoryStorage({ activeTab: 'weather' }))).toBe('log');
  });

  it('survives storage that throws or is missing', () => {
    const broken = memoryStorage({}, true);
    expect(readActiveTab(broken)).toBe('log');
    expect(() => writeActiveTab('tools', broken)).not.toThrow();
    expect(readActiveTab(null)).toBe('log');
    expect(() => writeActiveTab('tools', null)).not.toThrow();
  });
});
