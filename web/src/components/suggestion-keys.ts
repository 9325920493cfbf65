/**
 * The keyboard of a text field with a list of suggestions (WAI-ARIA APG "combobox with list autocomplete"),
 * kept pure so it is unit-tested: Down opens the list or moves to the next suggestion, Up to the previous one
 * (both wrap), Enter takes the highlighted suggestion, Escape closes the list, Tab leaves without choosing.
 */

export interface SuggestionListState {
  open: boolean;
  /** The highlighted suggestion, -1 for none. */
  active: number;
}

export interface SuggestionKeyResult {
  state: SuggestionListState;
  /** The suggestion chosen with this key, if any. */
  choose?: number;
  /** The key was used by the list: the browser's default (submitting, closing a dialog) must not run. */
  handled: boolean;
}

export const CLOSED: SuggestionListState = { open: false, active: -1 };

export function suggestionKey(key: string, state: SuggestionListState, count: number): SuggestionKeyResult {
  const showing = state.open && count > 0;
  const active = state.active < count ? state.active : -1;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { state, handled: false };
      return { state: { open: true, active: showing ? (active + 1) % count : 0 }, handled: true };
    case 'ArrowUp':
      if (!showing) return { state, handled: false };
      return { state: { open: true, active: active <= 0 ? count - 1 : active - 1 }, handled: true };
    case 'Enter':
      if (!showing || active < 0) return { state, handled: false };
      return { state: CLOSED, choose: active, handled: true };
    case 'Escape':
      if (!showing) return { state, handled: false };
      return { state: CLOSED, handled: true };
    case 'Tab':
      return { state: CLOSED, handled: false };
    default:
      return { state, handled: false };
  }
}
