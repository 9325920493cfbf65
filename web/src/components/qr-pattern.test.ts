import { describe, expect, it } from 'vitest';
import { QR_SIZE, qrPattern } from './qr-pattern.ts';

describe('the QR-style graphic', () => {
  it('is a 21×21 grid that never changes', () => {
    const grid = qrPattern();
    expect(grid).toHaveLength(QR_SIZE);
    for (const row of grid) expect(row).toHaveLength(QR_SIZE);
    expect(qrPattern()).toEqual(grid);
    expect(qrPattern(1)).not.toEqual(grid);
  });

  it('has the three finder squares with their light borders', () => {
    const grid = qrPattern();
    const at = (row: number, col: number) => grid[row]?.[col];
    for (const [top, left] of [
      [0, 0],
      [0, QR_SIZE - 7],
      [QR_SIZE - 7, 0],
    ] as const) {
      expect(at(top, left)).toBe(true); // outer ring
      expect(at(top + 1, left + 1)).toBe(false); // light ring
      expect(at(top + 3, left + 3)).toBe(true); // centre
    }
    expect(at(7, 7)).toBe(false); // separator
  });

  it('has alternating timing patterns between the finders and a mixed fill elsewhere', () => {
    const grid = qrPattern();
    for (let i = 8; i < QR_SIZE - 8; i++) {
      expect(grid[6]?.[i]).toBe(i % 2 === 0);
      expect(grid[i]?.[6]).toBe(i % 2 === 0);
    }
    // The bottom-right block, away from finders and timing lines, is random: both dark and light modules.
    const fill = grid.slice(8).flatMap((row) => row.slice(8));
    expect(fill).toContain(true);
    expect(fill).toContain(false);
  });
});
