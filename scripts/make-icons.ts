/**
 * Draws the app icons once (npm run icons) and writes the PNGs the web app manifest and iOS need into
 * web/public/icons/, where they are committed. The source is the SVG below: a white fish on the brand colour
 * with a taut line to its mouth ("tight lines"). sharp renders the SVG here, in a script; the server's photo
 * pipeline refuses SVG uploads, which is unrelated.
 *
 *   icon-192.png, icon-512.png   purpose 'any': rounded square, transparent corners
 *   maskable-512.png             purpose 'maskable': full-bleed colour, the drawing inside the 80% safe circle
 *   apple-touch-icon-180.png     iOS home screen: full-bleed (iOS rounds the corners itself), no transparency
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#0b5e78';
const OUT_DIR = fileURLToPath(new URL('../web/public/icons/', import.meta.url));

/** The drawing on a 64×64 grid (the favicon's fish; shifted by (1, 6) to centre it), scaled around the centre. */
function iconSvg({ rounded, scale }: { rounded: boolean; scale: number }): string {
  const offset = 32 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale}) translate(1 6)">
    <path d="M12 9v21.5" stroke="#fff" stroke-width="1.6" stroke-linecap="round" fill="none"/>
    <path d="M12 33c7-9 19-12 29-6l9-6-2 11 2 11-9-6c-10 6-22 3-29-4z" fill="#fff"/>
    <circle cx="22" cy="31" r="2.4" fill="${BRAND}"/>
  </g>
</svg>`;
}

async function render(svg: string, size: number, file: string): Promise<void> {
  // Render at a high density so the vector stays crisp at 512 px.
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT_DIR, file));
  console.log(`wrote web/public/icons/${file}`);
}

await mkdir(OUT_DIR, { recursive: true });
await render(iconSvg({ rounded: true, scale: 0.95 }), 192, 'icon-192.png');
await render(iconSvg({ rounded: true, scale: 0.95 }), 512, 'icon-512.png');
// The safe zone of a maskable icon is a circle of 40% radius: shrink the drawing to fit inside it.
await render(iconSvg({ rounded: false, scale: 0.72 }), 512, 'maskable-512.png');
await render(iconSvg({ rounded: false, scale: 0.85 }), 180, 'apple-touch-icon-180.png');
