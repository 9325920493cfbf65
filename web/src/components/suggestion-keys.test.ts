import { describe, expect, it } from 'vitest';
import { CLOSED, suggestionKey } from './suggestion-keys.ts';

const open = (active: number) => ({ open: true, active });

describe('the keys of a field with suggestions', () => {
  it('Down opens the list on the first suggestion, then moves down and wraps', () => {
    expect(suggestionKey('ArrowDown', CLOSED, 3)).toEqual({ state: open(0), handled: true });
    expect(suggestionKey('ArrowDown', open(-1), 3).state).toEqual(open(0));
    expect(suggestionKey('ArrowDown', open(1), 3).state).toEqual(open(2));
    expect(suggestionKey('ArrowDown', open(2), 3).state).toEqual(open(0));
  });

  it('Up moves up and wraps to the last; both do nothing without suggestions', () => {
    expect(suggestionKey('ArrowUp', open(-1), 3).state).toEqual(open(2));
    expect(suggestionKey('ArrowUp', open(0), 3).state).toEqual(open(2));
    expect(suggestionKey('ArrowUp', open(2), 3).state).toEqual(open(1));
    expect(suggestionKey('ArrowUp', CLOSED, 3).handled).toBe(false);
    expect(suggestionKey('ArrowDown', CLOSED, 0)).toEqual({ state: CLOSED, handled: false });
  });

  it('Enter takes the highlighted suggestion and closes; with none highlighted it is left to the form', () => {
    expect(suggestionKey('Enter', open(1), 3)).toEqual({ state: CLOSED, choose: 1, handled: true });
    expect(suggestionKey('Enter', open(-1), 3).handled).toBe(false);
    expect(suggestionKey('Enter', CLOSED, 3).handled).toBe(false);
  });

  it('Escape closes an open list (and is used up); on a closed list it is left to the page, e.g. a dialog', () => {
    expect(suggestionKey('Escape', open(0), 3)).toEqual({ state: CLOSED, handled: true });
    expect(suggestionKey('Escape', CLOSED, 3).handled).toBe(false);
    expect(suggestionKey('Escape', open(0), 0).handled).toBe(false);
  });

  it('Tab leaves without choosing; other keys type as usual', () => {
    expect(suggestionKey('Tab', open(1), 3)).toEqual({ state: CLOSED, handled: false });
    expect(suggestionKey('a', open(1), 3)).toEqual({ state: open(1), handled: false });
  });

  it('a highlight beyond a shorter list counts as none', () => {
    expect(suggestionKey('Enter', open(5), 2).handled).toBe(false);
    expect(suggestionKey('ArrowDown', open(5), 2).state).toEqual(open(0));
  });
});
