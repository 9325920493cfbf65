import { describe, expect, it } from 'vitest';
import { CLUSTER_CELL_PX, clusterPoints, withCoordinates } from './map-clusters.ts';

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
