import { describe, expect, it } from 'vitest';
import { isHistoryView, readHistoryView, writeHistoryView } from './history-view.ts';

function memoryStorage(broken = false): Storage {
  const data = new Map<string, string>();
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

describe('History view', () => {
  it('knows list, map and stats only', () => {
    for (const view of ['list', 'map', 'stats']) expect(isHistoryView(view)).toBe(true);
    for (const value of [null, undefined, '', 'Map', 'chart', 3]) expect(isHistoryView(value)).toBe(false);
  });

  it('is the list until another view is remembered', () => {
    const store = memoryStorage();
    expect(readHistoryView(store)).toBe('list');
    writeHistoryView('stats', store);
    expect(readHistoryView(store)).toBe('stats');
    store.setItem('historyView', 'settings');
    expect(readHistoryView(store)).toBe('list');
  });

  it('survives storage that throws or is missing', () => {
    expect(readHistoryView(memoryStorage(true))).toBe('list');
    expect(() => writeHistoryView('map', memoryStorage(true))).not.toThrow();
    expect(readHistoryView(null)).toBe('list');
  });
});
