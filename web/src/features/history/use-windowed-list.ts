import {
  type FocusEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { type ItemRange, itemOffsets, visibleRange } from './window-range.ts';

/**
 * A long list in the page's own scroll, windowed (docs/decisions/023-lean-front-end.md): only the items in view, and `overscanPx` above and
 * below, are in the DOM, each placed at its offset in a container as tall as the whole list, so the scroll bar,
 * the page's height and every item's position are those of the full list. At 10,000 catches the first render and
 * a keystroke's filtered list render a dozen cards instead of 50 or more.
 *
 * - Heights are measured as items render (a ResizeObserver); an item never rendered counts as `estimateSize`.
 *   Sizes are kept by key, so a search or a new order places known items exactly.
 * - When an item above the top of the view turns out taller or shorter than estimated, the page scrolls by the
 *   difference in the same frame, so what is on screen does not jump.
 * - The item holding the keyboard focus, and its neighbours, stay rendered even when scrolled far away, so focus is
 *   never lost; as focus moves item to item the browser scrolls it into view, and the window follows.
 */
export interface WindowedItem<T> {
  item: T;
  index: number;
  key: number;
  /** Pixels from the list's top. */
  top: number;
}

interface Options<T> {
  items: readonly T[];
  /** A number that names the item for good (a catch's id): sizes are kept by it. */
  keyOf: (item: T) => number;
  estimateSize: number;
  gap: number;
  overscanPx: number;
}

const viewportHeight = () => (typeof window === 'undefined' ? 800 : window.innerHeight);

/** How far the list's top is below the top of the view (negative once scrolled past it), in pixels. */
function listTopInView(list: HTMLElement | null): number {
  return list ? list.getBoundingClientRect().top : 0;
}

export function useWindowedList<T>({ items, keyOf, estimateSize, gap, overscanPx }: Options<T>) {
  const listRef = useRef<HTMLElement | null>(null) as RefObject<HTMLElement | null>;
  const sizes = useRef(new Map<number, number>());
  // Bumped when a measured size changes, so the offsets are worked out again.
  const [sizesVersion, setSizesVersion] = useState(0);
  const [range, setRange] = useState<ItemRange>(() => ({
    start: 0,
    end: Math.min(items.length, Math.ceil((viewportHeight() + overscanPx) / (estimateSize + gap))),
  }));
  const [focusedKey, setFocusedKey] = useState<number | null>(null);

  const keys = useMemo(() => items.map(keyOf), [items, keyOf]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sizesVersion stands for the sizes kept in the ref.
  const offsets = useMemo(
    () =>
      itemOffsets(keys.length, (index) => sizes.current.get(keys[index] ?? Number.NaN), estimateSize, gap),
    [keys, estimateSize, gap, sizesVersion],
  );
  const latest = useRef({ keys, offsets });
  latest.current = { keys, offsets };

  const updateRange = useCallback(() => {
    const top = -listTopInView(listRef.current);
    const next = visibleRange(
      latest.current.offsets,
      gap,
      top - overscanPx,
      top + viewportHeight() + overscanPx,
    );
    setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, [gap, overscanPx]);

  // After every change of the list or of its sizes, before the browser paints.
  // biome-ignore lint/correctness/useExhaustiveDependencies: updateRange reads the new offsets through a ref.
  useLayoutEffect(() => {
    updateRange();
  }, [updateRange, offsets]);

  useEffect(() => {
    window.addEventListener('scroll', updateRange, { passive: true });
    window.addEventListener('resize', updateRange);
    return () => {
      window.removeEventListener('scroll', updateRange);
      window.removeEventListener('resize', updateRange);
    };
  }, [updateRange]);

  // Scroll corrections owed for items above the view that changed size; applied once the new offsets are on
  // screen (the layout effect below), in the same frame.
  const pendingScroll = useRef(0);
  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            const viewTop = -listTopInView(listRef.current);
            const { keys: currentKeys, offsets: currentOffsets } = latest.current;
            for (const entry of entries) {
              const element = entry.target as HTMLElement;
              const key = Number(element.dataset.key);
              if (Number.isNaN(key) || !element.isConnected) continue;
              const size = entry.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
              const known = sizes.current.get(key);
              if (known === size) continue;
              const index = Number(element.dataset.index);
              if (currentKeys[index] === key && (currentOffsets[index] ?? 0) < viewTop) {
                pendingScroll.current += size - (known ?? estimateSize);
              }
              sizes.current.set(key, size);
              changed = true;
            }
            if (changed) flushSync(() => setSizesVersion((version) => version + 1));
          }),
    [estimateSize],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each re-measure (offsets).
  useLayoutEffect(() => {
    if (pendingScroll.current !== 0) {
      window.scrollBy(0, pendingScroll.current);
      pendingScroll.current = 0;
    }
  }, [offsets]);

  /** The ref for each rendered item's element (with data-key and data-index): measures it while rendered. */
  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  const start = Math.min(range.start, items.length);
  const end = Math.min(range.end, items.length);
  const rendered: WindowedItem<T>[] = [];
  const focusedIndex = focusedKey === null ? -1 : keys.indexOf(focusedKey);
  const itemAt = (index: number): WindowedItem<T> => ({
    item: items[index] as T,
    index,
    key: keys[index] ?? Number.NaN,
    top: offsets[index] ?? 0,
  });
  // The focused item and its two neighbours stay rendered outside the window, in list order, so Tab and Shift+Tab
  // always find the next card in the DOM even when the window has not yet followed the scroll.
  const pinned =
    focusedIndex < 0
      ? []
      : [focusedIndex - 1, focusedIndex, focusedIndex + 1].filter(
          (index) => index >= 0 && index < items.length && (index < start || index >= end),
        );
  for (const index of pinned) if (index < start) rendered.push(itemAt(index));
  for (let index = start; index < end; index++) rendered.push(itemAt(index));
  for (const index of pinned) if (index >= end) rendered.push(itemAt(index));

  /** For the list element: remembers which item holds the focus. */
  const focusHandlers = {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const key = (event.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key;
      setFocusedKey(key === undefined ? null : Number(key));
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedKey(null);
    },
  };

  return { listRef, totalHeight: offsets[items.length] ?? 0, rendered, measure, focusHandlers };
}
