import { describe, expect, it } from 'vitest';
import { WEATHER_ICON_CODES } from '#core/weather.ts';
import { weatherIconKind } from './weather-icons.ts';

describe('weather icons', () => {
  it('has a bundled icon for every code, day and night', () => {
    const kinds = WEATHER_ICON_CODES.flatMap((code) => [
      weatherIconKind(`${code}d`),
      weatherIconKind(`${code}n`),
    ]);
    expect(kinds).toEqual([
      'clear-day',
      'clear-night',
      'few-clouds-day',
      'few-clouds-night',
      'clouds',
      'clouds',
      'overcast',
      'overcast',
      'drizzle',
      'drizzle',
      'rain',
      'rain',
      'thunderstorm',
      'thunderstorm',
      'snow',
      'snow',
      'fog',
      'fog',
    ]);
  });

  it('shows clouds for an unknown code', () => {
    expect(weatherIconKind('99x')).toBe('clouds');
    expect(weatherIconKind('')).toBe('clouds');
  });
});
