import { cn } from '@/lib/cn';

const SIZE = 25;
const FINDER = 7;

/** True inside one of the three 7×7 corner "finder" squares (ring, gap, 3×3 centre), like a QR code's. */
function finderModule(x: number, y: number): boolean | null {
  const corners = [
    [0, 0],
    [SIZE - FINDER, 0],
    [0, SIZE - FINDER],
  ] as const;
  for (const [cx, cy] of corners) {
    const dx = x - cx;
    const dy = y - cy;
    // The finder plus its one-module quiet border.
    if (dx >= -1 && dx <= FINDER && dy >= -1 && dy <= FINDER) {
      if (dx < 0 || dy < 0 || dx === FINDER || dy === FINDER) return false;
      const ring = dx === 0 || dy === 0 || dx === FINDER - 1 || dy === FINDER - 1;
      const centre = dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4;
      return ring || centre;
    }
  }
  return null;
}

/** A fixed pseudo-random pattern (a small xorshift), so the graphic looks the same on every render. */
function buildPath(): string {
  let seed = 0x2f6b1d3;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0xffffffff;
  };
  let d = '';
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const finder = finderModule(x, y);
      const dark = finder ?? next() < 0.48;
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }
  }
  return d;
}

const MODULES_PATH = buildPath();

/**
 * A QR-like decoration (SPEC §2 'a decorative QR-like graphic'). It is generated, encodes nothing and is hidden
 * from assistive technology: it is not a real QR code, so nobody should try to scan it.
 */
export function DecorativeQr({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`-2 -2 ${SIZE + 4} ${SIZE + 4}`}
      shapeRendering="crispEdges"
      className={cn('rounded-lg bg-white', className)}
      data-testid="decorative-qr"
    >
      <path d={MODULES_PATH} fill="#0f1f2a" />
    </svg>
  );
}
