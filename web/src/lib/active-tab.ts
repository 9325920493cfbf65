import { readLocalChoice, writeLocalChoice } from './local-choice.ts';

/** The main shell's tabs (docs/product.md#shell): allowed values log, history, tools; default log. */
export type ShellTab = 'log' | 'history' | 'tools';

const SHELL_TABS: readonly ShellTab[] = ['log', 'history', 'tools'];
const DEFAULT_SHELL_TAB: ShellTab = 'log';

/** The local storage key that keeps the active tab across visits. */
const ACTIVE_TAB_STORAGE_KEY = 'activeTab';

export function isShellTab(value: unknown): value is ShellTab {
  return typeof value === 'string' && (SHELL_TABS as readonly string[]).includes(value);
}

/** A stored value as a tab: anything missing or not allowed gives the default, 'log'. */
export function parseShellTab(value: unknown): ShellTab {
  return isShellTab(value) ? value : DEFAULT_SHELL_TAB;
}

/** The tab kept in local storage, or 'log'. */
export function readActiveTab(store?: Storage | null): ShellTab {
  return readLocalChoice(ACTIVE_TAB_STORAGE_KEY, isShellTab, DEFAULT_SHELL_TAB, store);
}

/** Keeps the tab in local storage; storage failures (quota, privacy mode) are ignored. */
export function writeActiveTab(tab: ShellTab, store?: Storage | null): void {
  writeLocalChoice(ACTIVE_TAB_STORAGE_KEY, tab, store);
}
