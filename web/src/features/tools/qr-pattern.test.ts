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
    expect(at(QR_SIZE - 1, QR_SIZE - 1)).toBeTypeOf('boolean');
  });
});
