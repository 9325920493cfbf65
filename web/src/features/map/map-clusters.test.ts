import { describe, expect, it } from 'vitest';
import { CLUSTER_CELL_PX, clusterPoints, mergeOverlapping, withCoordinates } from './map-clusters.ts';

describe('clusterPoints', () => {
  it('keeps pins apart when they are a cell or more apart, and merges pins within one cell', () => {
    const clusters = clusterPoints([
      { item: 'a', x: 10, y: 10 },
      { item: 'b', x: 30, y: 20 },
      { item: 'c', x: 10 + CLUSTER_CELL_PX * 3, y: 10 },
    ]);
    expect(clusters).toEqual([
      { items: ['a', 'b'], x: 20, y: 15 },
      { items: ['c'], x: 10 + CLUSTER_CELL_PX * 3, y: 10 },
    ]);
  });

  it('keeps the given order inside a cluster (the sort of the History)', () => {
    const points = ['z', 'y', 'x'].map((item, index) => ({ item, x: index, y: index }));
    expect(clusterPoints(points)[0]?.items).toEqual(['z', 'y', 'x']);
  });

  it('makes 1,000 pins in one spot a single cluster, and nothing of no pins', () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({ item: index, x: 500.5, y: 500.5 }));
    expect(clusterPoints(many)).toHaveLength(1);
    expect(clusterPoints(many)[0]?.items).toHaveLength(1000);
    expect(clusterPoints([])).toEqual([]);
  });

  it('handles negative screen coordinates (west of the map origin) as their own cells', () => {
    const clusters = clusterPoints([
      { item: 'west', x: -5, y: 5 },
      { item: 'east', x: 5, y: 5 },
    ]);
    expect(clusters).toHaveLength(2);
  });
});

describe('mergeOverlapping', () => {
  const rank = (item: string) => Number(item.slice(1));

  it('merges clusters whose markers would overlap, at their weighted centre, items in rank order', () => {
    const merged = mergeOverlapping(
      [
        { items: ['p2', 'p3'], x: 100, y: 100 },
        { items: ['p1'], x: 130, y: 110 },
        { items: ['p4'], x: 300, y: 100 },
      ],
      44,
      rank,
    );
    expect(merged).toEqual([
      { items: ['p1', 'p2', 'p3'], x: 110, y: (100 * 2 + 110) / 3 },
      { items: ['p4'], x: 300, y: 100 },
    ]);
  });

  it('keeps markers a marker apart, and merges again when a merge brings two together', () => {
    const apart = [
      { items: ['p1'], x: 0, y: 0 },
      { items: ['p2'], x: 44, y: 0 },
    ];
    expect(mergeOverlapping(apart, 44, rank)).toHaveLength(2);
    // p1 and p2 merge at x 20; the merged marker then covers p3 at x 60.
    const chain = [
      { items: ['p1'], x: 0, y: 0 },
      { items: ['p2'], x: 40, y: 0 },
      { items: ['p3'], x: 60, y: 0 },
    ];
    expect(mergeOverlapping(chain, 44, rank)).toEqual([{ items: ['p1', 'p2', 'p3'], x: 100 / 3, y: 0 }]);
  });
});

describe('withCoordinates', () => {
  it('keeps only catches with both coordinates on the globe', () => {
    const items = [
      { id: 1, latitude: 39.1, longitude: -120.03 },
      { id: 2, latitude: null, longitude: -120.03 },
      { id: 3, latitude: 39.1, longitude: null },
      { id: 4, latitude: 0, longitude: 0 },
      { id: 5, latitude: 91, longitude: 0 },
    ];
    expect(withCoordinates(items).map((item) => item.id)).toEqual([1, 4]);
  });
});
