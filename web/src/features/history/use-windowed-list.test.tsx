import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWindowedList } from './use-windowed-list.ts';

const ITEMS = Array.from({ length: 200 }, (_, index) => index);
const keyOf = (item: number) => item;

function NumberList() {
  const { listRef, totalHeight, rendered, measure, focusHandlers } = useWindowedList({
    items: ITEMS,
    keyOf,
    estimateSize: 100,
    gap: 0,
    overscanPx: 0,
  });
  return (
    <ul ref={listRef as React.RefObject<HTMLUListElement>} style={{ height: totalHeight }} {...focusHandlers}>
      {rendered.map(({ item, index, key }) => (
        <li key={key} ref={measure} data-key={key} data-index={index}>
          <button type="button">Item {item}</button>
        </li>
      ))}
    </ul>
  );
}

const renderedItems = () => screen.getAllByRole('button').map((button) => button.textContent);

/** Scrolls the page so the list's top is `pixels` above the view, as the browser would, and tells the list. */
function scrollListBy(pixels: number) {
  const list = screen.getByRole('list');
  list.getBoundingClientRect = () => ({ top: -pixels }) as DOMRect;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('a windowed list', () => {
  it('keeps the focused item and its neighbours in the DOM, in order, when the window has moved away', () => {
    render(<NumberList />);
    const focused = screen.getByRole('button', { name: 'Item 3' });
    act(() => focused.focus());

    // Far down the list: the window holds items 150 and on, but Shift+Tab and Tab from item 3 still find 2 and 4.
    scrollListBy(15_000);
    const shown = renderedItems();
    expect(shown.slice(0, 3)).toEqual(['Item 2', 'Item 3', 'Item 4']);
    expect(shown[3]).toBe('Item 150');
    expect(focused.isConnected).toBe(true);
  });

  it('renders only the window once the focus has left the list', () => {
    render(<NumberList />);
    const focused = screen.getByRole('button', { name: 'Item 3' });
    fireEvent.focus(focused);
    fireEvent.blur(focused, { relatedTarget: null });
    scrollListBy(15_000);
    expect(renderedItems()[0]).toBe('Item 150');
  });
});
