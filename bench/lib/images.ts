import sharp from 'sharp';

/**
 * A photo-like JPEG: gradients, detail at several scales (smooth value noise in cells of about 1/60 of the
 * width, ripples) and sensor grain, so both the full image and the 400 px thumbnail have real content to encode
 * (a gradient alone would shrink to a 1 KB thumbnail and flatter every figure). Deterministic, so runs compare.
 */
export async function photoLikeJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  // Value noise: a random level per cell, interpolated smoothly between cell corners.
  const cell = Math.max(8, Math.round(width / 60));
  const cols = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const lattice = Array.from({ length: cols * rows }, () => next() * 120 - 60);
  const at = (cx: number, cy: number) => lattice[cy * cols + cx] ?? 0;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < height; y++) {
    const cy = Math.floor(y / cell);
    const ty = smooth((y % cell) / cell);
    for (let x = 0; x < width; x++) {
      const cx = Math.floor(x / cell);
      const tx = smooth((x % cell) / cell);
      const noise =
        (at(cx, cy) * (1 - tx) + at(cx + 1, cy) * tx) * (1 - ty) +
        (at(cx, cy + 1) * (1 - tx) + at(cx + 1, cy + 1) * tx) * ty;
      const ripple = Math.sin(x / 23 + Math.sin(y / 71) * 3) * 18;
      const grain = (next() - 0.5) * 24;
      const detail = noise + ripple + grain;
      const i = (y * width + x) * channels;
      pixels[i] = Math.max(0, Math.min(255, (x * 160) / width + 40 + detail));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 160) / height + 50 + detail * 0.8));
      pixels[i + 2] = Math.max(0, Math.min(255, ((x + y) * 100) / (width + height) + 90 + detail * 0.6));
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality }).toBuffer();
}

/** A multipart/form-data body with the file in the `photo` field, as the log form's FormData sends it. */
export function photoForm(jpeg: Buffer, fileName = 'IMG_0001.jpg'): { body: Buffer; contentType: string } {
  const boundary = '----tightlines-bench-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
