/**
 * The one rule for a number typed or written as text (a form field, a CSV cell, a JSON string): plain decimal
 * notation with an optional minus sign and a `.` for the decimal point, nothing else. JavaScript's Number() reads
 * far more ('0x10' as 16, '1e3', 'Infinity', '0b1', ' ' as 0): none of that is a weight someone meant.
 * No zod here: the web app's main bundle may import this file.
 */

/** '12', '12.5', '-3.2', and '.5' or '5.' as a spreadsheet user may type them. */
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** The number a decimal text means (spaces around it allowed), or null for anything that is not one. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * A finite number as parseDecimal reads it back exactly: its shortest digits (as String() gives them), without the
 * exponent String() uses for very small and very large numbers.
 */
export function formatDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', lead = '', rest = '', exponentText = '0'] = match;
  const digits = lead + rest;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${sign}${digits}${'0'.repeat(Math.max(0, exponent - rest.length))}`;
}
