import type { QRCodeErrorCorrectionLevel } from 'qrcode';

/**
 * A real, scannable QR code of a text, as the modules an SVG draws. The encoder (`qrcode`, ~10 KB gzip) is loaded
 * when a code is first shown, not with the shell (its first load stays within its budget).
 */

/** Light modules around the code, as the QR standard asks (4), so a phone's camera finds its edges. */
export const QR_QUIET_ZONE = 4;

/** Medium error correction: survives a smudged screen or a glare at the size these codes are shown. */
const ERROR_CORRECTION: QRCodeErrorCorrectionLevel = 'M';

export interface QrModules {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Row-major, 1 for a dark module. */
  dark: Uint8Array;
}

/** Encodes `text` (loads the encoder at the first call). */
export async function encodeQr(text: string): Promise<QrModules> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  return { size: modules.size, dark: modules.data };
}

/** One SVG path of every dark module (a 1×1 square each), in module units, the code's corner at 0,0. */
export function qrPath({ size, dark }: QrModules): string {
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (dark[row * size + col]) path += `M${col} ${row}h1v1h-1z`;
  }
  return path;
}
