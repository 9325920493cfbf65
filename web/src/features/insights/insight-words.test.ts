import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  formatConfidence,
  formatRate,
  prefersHour12,
  type WordContext,
} from './insight-words.ts';

const words = (hour12: boolean, units: WordContext['units'] = 'imperial'): WordContext => ({
  units,
  hour12,
  spotNames: new Map([[7, 'Home Lake']]),
});

describe('insights in plain words', () => {
  it('names the four-hour bands as local clock ranges on the phone’s 12- or 24-hour clock', () => {
    expect(bucketLabel('timeOfDay', '16-20', words(true))).toBe('4–8 pm');
    expect(bucketLabel('timeOfDay', '08-12', words(true))).toBe('8 am–12 pm');
    expect(bucketLabel('timeOfDay', '00-04', words(true))).toBe('12–4 am');
    expect(bucketLabel('timeOfDay', '20-24', words(true))).toBe('8 pm–12 am');
    expect(bucketLabel('timeOfDay', '16-20', words(false))).toBe('16:00–20:00');
    expect(prefersHour12(['en-US'])).toBe(true);
    expect(prefersHour12(['de-DE'])).toBe(false);
  });

  it('names temperature bands in the angler’s units, spots by name', () => {
    expect(bucketLabel('airTemperature', 'below-32', words(true))).toBe('below 32°F');
    expect(bucketLabel('airTemperature', '65-80', words(true, 'metric'))).toBe('18–27°C');
    expect(bucketLabel('airTemperature', '80-plus', words(true, 'metric'))).toBe('27°C and above');
    expect(bucketLabel('spot', '7', words(true))).toBe('Home Lake');
    expect(bucketLabel('solunar', 'none', words(true))).toBe('No period');
  });

  it('writes rates and the Bonferroni confidence plainly', () => {
    expect(formatRate(2.7)).toBe('2.7');
    expect(formatRate(0.0612)).toBe('0.061');
    expect(formatConfidence(1)).toBe('95\u00a0%');
    expect(formatConfidence(12)).toBe('99.6\u00a0%');
  });
});
