import { cleanName, foldName } from '#core/names.ts';

/**
 * What stands in for a missing photo (docs/product.md#photos): the species' initial on a colour picked from the
 * species name, so a log without photos does not show the same picture on every card, and every 'bass' (any
 * spelling: names.ts groups them) gets the same colour everywhere. Ten hues far enough apart to tell at a
 * glance; white on each passes WCAG AA.
 */
export const PLACEHOLDER_COLORS = [
  'bg-sky-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-700',
  'bg-violet-700',
  'bg-indigo-700',
  'bg-orange-700',
  'bg-fuchsia-700',
  'bg-lime-800',
  'bg-slate-600',
] as const;

/**
 * A small, stable string hash (FNV-1a, then murmur3's final mix so the low bits vary too), so a species keeps
 * its colour across visits and devices.
 */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  value ^= value >>> 16;
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}

export function speciesPlaceholder(fishType: string): { initial: string; colorClass: string } {
  // The first letter or digit with its accents ('É', not 'E'), however the accent was typed.
  const first = cleanName(fishType)
    .normalize('NFC')
    .match(/[\p{L}\p{N}]\p{M}*/u)?.[0];
  const colorClass = PLACEHOLDER_COLORS[hash(foldName(fishType)) % PLACEHOLDER_COLORS.length] ?? 'bg-sky-700';
  return { initial: first ? first.toLocaleUpperCase() : '?', colorClass };
}
