/**
 * The modules of the decorative QR-like graphic (decorative-qr.tsx): not a scannable code. A 21×21 grid
 * (the size of a version-1 QR code) with the three finder squares and a fixed pseudo-random fill, so it
 * looks the same on every render and in every build.
 */
export const QR_SIZE = 21;
const FINDER = 7;

function inFinder(row: number, col: number): { inside: boolean; dark: boolean } {
  const corners: Array<[number, number]> = [
    [0, 0],
    [0, QR_SIZE - FINDER],
    [QR_SIZE - FINDER, 0],
  ];
  for (const [top, left] of corners) {
    const r = row - top;
    const c = col - left;
    // The finder plus its one-module light border.
    if (r >= -1 && r <= FINDER && c >= -1 && c <= FINDER) {
      if (r < 0 || c < 0 || r >= FINDER || c >= FINDER) return { inside: true, dark: false };
      const ring = Math.min(r, c, FINDER - 1 - r, FINDER - 1 - c);
      return { inside: true, dark: ring !== 1 };
    }
  }
  return { inside: false, dark: false };
}

/** A small deterministic generator (mulberry32), so the pattern never changes. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows of dark (true) and light (false) modules. */
export function qrPattern(seed = 0x7167_6c6e): boolean[][] {
  const random = mulberry32(seed);
  return Array.from({ length: QR_SIZE }, (_, row) =>
    Array.from({ length: QR_SIZE }, (_, col) => {
      const finder = inFinder(row, col);
      if (finder.inside) return finder.dark;
      // Timing patterns, as on a real code.
      if (row === 6 || col === 6) return (row + col) % 2 === 0;
      return random() < 0.5;
    }),
  );
}
