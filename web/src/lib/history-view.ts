import { readLocalChoice, writeLocalChoice } from './local-choice.ts';

/**
 * History's views (docs/product.md#history): the list, the map, the stats, the insights (decision 044), the trips and
 * the spots (decision 043). The one last shown is remembered across visits, like the active tab and History's sort,
 * and /logs/map, /logs/stats, /logs/insights, /logs/trips and /logs/spots open the shell on that view (app.tsx).
 * Here, not beside the switch (history-views.tsx), so the shell can name a view without loading History's code.
 */
const HISTORY_VIEW_NAMES = ['list', 'map', 'stats', 'insights', 'trips', 'spots'] as const;

export type HistoryView = (typeof HISTORY_VIEW_NAMES)[number];

const DEFAULT_HISTORY_VIEW: HistoryView = 'list';

/** The local storage key that keeps History's view across visits. */
const HISTORY_VIEW_STORAGE_KEY = 'historyView';

export function isHistoryView(value: unknown): value is HistoryView {
  return typeof value === 'string' && (HISTORY_VIEW_NAMES as readonly string[]).includes(value);
}

/** The view kept in local storage, or the list. */
export function readHistoryView(store?: Storage | null): HistoryView {
  return readLocalChoice(HISTORY_VIEW_STORAGE_KEY, isHistoryView, DEFAULT_HISTORY_VIEW, store);
}

/** Keeps the view in local storage; storage failures (quota, privacy mode) are ignored. */
export function writeHistoryView(view: HistoryView, store?: Storage | null): void {
  writeLocalChoice(HISTORY_VIEW_STORAGE_KEY, view, store);
}
