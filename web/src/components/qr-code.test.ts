import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { encodeQr, QR_QUIET_ZONE, type QrModules, qrPath } from './qr-code.ts';

/** The code as a camera would see it: `scale` pixels per module, black on white, with its quiet zone. */
function toPixels({ size, dark }: QrModules, scale = 4) {
  const side = (size + QR_QUIET_ZONE * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - QR_QUIET_ZONE;
      const col = Math.floor(x / scale) - QR_QUIET_ZONE;
      if (row < 0 || col < 0 || row >= size || col >= size || !dark[row * size + col]) continue;
      pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { pixels, side };
}

/** The dark modules drawn by the SVG path, read back from its 'M{col} {row}h1v1h-1z' squares. */
function modulesOfPath(path: string, size: number): Uint8Array {
  const dark = new Uint8Array(size * size);
  for (const [, col, row] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    dark[Number(row) * size + Number(col)] = 1;
  return dark;
}

describe('the download QR code', () => {
  it.each([
    'https://fish.example.com/download',
    'http://127.0.0.1:5000/download',
    'https://tightlines.example.com/download',
  ])('scans to %s, as drawn', async (address) => {
    const modules = await encodeQr(address);
    const drawn = { size: modules.size, dark: modulesOfPath(qrPath(modules), modules.size) };
    expect(drawn.dark).toEqual(modules.dark);
    const { pixels, side } = toPixels(drawn);
    expect(jsQR(pixels, side, side)?.data).toBe(address);
  });
});
