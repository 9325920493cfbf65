import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from './decimal.ts';

describe('decimal numbers', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['-3.2', -3.2],
    [' 7 ', 7],
    ['007', 7],
    ['0', 0],
    ['.5', 0.5],
    ['-.5', -0.5],
    ['5.', 5],
  ])('reads %j as %d', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each([
    '0x10',
    '0b1',
    '0o7',
    '1e3',
    '1E3',
    'Infinity',
    '-Infinity',
    'NaN',
    '',
    '   ',
    '+5',
    '.',
    '-',
    '--1',
    '1,5',
    '1 000',
    '12kg',
  ])('refuses %j', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it('writes numbers without an exponent, and every finite number reads back exactly', () => {
    expect(formatDecimal(1e-7)).toBe('0.0000001');
    expect(formatDecimal(-1.5e-9)).toBe('-0.0000000015');
    expect(formatDecimal(1.2345e21)).toBe('1234500000000000000000');
    expect(formatDecimal(3.4)).toBe('3.4');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(parseDecimal(formatDecimal(value))).toBe(value === 0 ? 0 : value);
      }),
      { seed: 20_261_127, numRuns: 2000 },
    );
  });
});
