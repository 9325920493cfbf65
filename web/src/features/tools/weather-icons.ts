/**
 * Which bundled icon shows a weather icon code ('01d'…'50n', core/weather.ts). The first version hot-linked an
 * external icon host; ours ships lucide icons in the bundle, so no request leaves for a third-party host.
 */
export type WeatherIconKind =
  | 'clear-day'
  | 'clear-night'
  | 'few-clouds-day'
  | 'few-clouds-night'
  | 'clouds'
  | 'overcast'
  | 'drizzle'
  | 'rain'
  | 'thunderstorm'
  | 'snow'
  | 'fog';

const BY_NUMBER: Record<string, WeatherIconKind> = {
  '03': 'clouds',
  '04': 'overcast',
  '09': 'drizzle',
  '10': 'rain',
  '11': 'thunderstorm',
  '13': 'snow',
  '50': 'fog',
};

/** The icon for a code; an unknown code shows plain clouds rather than nothing. */
export function weatherIconKind(code: string): WeatherIconKind {
  const number = code.slice(0, 2);
  const night = code.endsWith('n');
  if (number === '01') return night ? 'clear-night' : 'clear-day';
  if (number === '02') return night ? 'few-clouds-night' : 'few-clouds-day';
  return BY_NUMBER[number] ?? 'clouds';
}
