/** What GET /api/weather answers (docs/product.md#weather). Units: °F, mph, %, inHg. */
export interface Weather {
  /** Place name from the embedded geocoder. */
  location: string;
  temperature: number;
  /** e.g. 'light rain showers' (lower case, from the WMO code). */
  description: string;
  /** e.g. 'Clear', 'Clouds', 'Rain', 'Drizzle', 'Thunderstorm', 'Snow', 'Fog'. */
  condition: WeatherCondition;
  /** Icon code: '01d'…'50n' (OpenWeather-style names; the icons ship with the app). */
  icon: string;
  windSpeed: number;
  humidity: number;
  /** Sea-level pressure, inHg. */
  pressure: number;
  /** When the provider observed these values (ISO 8601). */
  observedAt: string;
  /** The real change in sea-level pressure over the last 3 hours, inHg (null when the provider gave no history). */
  pressureChange3h: number | null;
  /**
   * The next 24 hours from the hour of the observation, one a hour (a day from now covers the rest of today on any
   * phone's clocks, and the answer is shared by everyone in the cell, whatever their zone). Absent in answers kept
   * from before the forecast was asked for.
   */
  hours?: WeatherHour[] | null;
}

/** One forecast hour of GET /api/weather. */
export interface WeatherHour {
  /** When the hour starts (ISO 8601, UTC). */
  start: string;
  /** Air temperature, °F (null when the provider has none for the hour). */
  temperature: number | null;
  /** Sea-level pressure, hPa (as the provider gives it). */
  pressureHpa: number | null;
  /** The 3-hour change ending at this hour, by the rule catches use (core/catch-conditions.ts `pressureTendency`). */
  pressureTendency: 'rising' | 'falling' | 'steady' | null;
}

export type WeatherCondition = 'Clear' | 'Clouds' | 'Fog' | 'Drizzle' | 'Rain' | 'Snow' | 'Thunderstorm';

/** The weather query is stale after 5 minutes (docs/product.md#weather). */
export const WEATHER_STALE_MS = 5 * 60 * 1000;

interface WmoMeaning {
  condition: WeatherCondition;
  description: string;
  /** OpenWeather-style icon number without the day/night letter. */
  icon: string;
}

/** WMO weather interpretation codes (as Open-Meteo reports them) mapped to the product's weather fields. */
const WMO_CODES: Record<number, WmoMeaning> = {
  0: { condition: 'Clear', description: 'clear sky', icon: '01' },
  1: { condition: 'Clouds', description: 'mainly clear', icon: '02' },
  2: { condition: 'Clouds', description: 'partly cloudy', icon: '03' },
  3: { condition: 'Clouds', description: 'overcast clouds', icon: '04' },
  45: { condition: 'Fog', description: 'fog', icon: '50' },
  48: { condition: 'Fog', description: 'depositing rime fog', icon: '50' },
  51: { condition: 'Drizzle', description: 'light drizzle', icon: '09' },
  53: { condition: 'Drizzle', description: 'moderate drizzle', icon: '09' },
  55: { condition: 'Drizzle', description: 'dense drizzle', icon: '09' },
  56: { condition: 'Drizzle', description: 'light freezing drizzle', icon: '09' },
  57: { condition: 'Drizzle', description: 'dense freezing drizzle', icon: '09' },
  61: { condition: 'Rain', description: 'slight rain', icon: '10' },
  63: { condition: 'Rain', description: 'moderate rain', icon: '10' },
  65: { condition: 'Rain', description: 'heavy rain', icon: '10' },
  66: { condition: 'Rain', description: 'light freezing rain', icon: '13' },
  67: { condition: 'Rain', description: 'heavy freezing rain', icon: '13' },
  71: { condition: 'Snow', description: 'slight snow fall', icon: '13' },
  73: { condition: 'Snow', description: 'moderate snow fall', icon: '13' },
  75: { condition: 'Snow', description: 'heavy snow fall', icon: '13' },
  77: { condition: 'Snow', description: 'snow grains', icon: '13' },
  80: { condition: 'Rain', description: 'slight rain showers', icon: '09' },
  81: { condition: 'Rain', description: 'moderate rain showers', icon: '09' },
  82: { condition: 'Rain', description: 'violent rain showers', icon: '09' },
  85: { condition: 'Snow', description: 'slight snow showers', icon: '13' },
  86: { condition: 'Snow', description: 'heavy snow showers', icon: '13' },
  95: { condition: 'Thunderstorm', description: 'thunderstorm', icon: '11' },
  96: { condition: 'Thunderstorm', description: 'thunderstorm with slight hail', icon: '11' },
  99: { condition: 'Thunderstorm', description: 'thunderstorm with heavy hail', icon: '11' },
};

/** The product's condition, description and icon for a WMO code; unknown codes read as cloudy rather than failing. */
export function describeWmoCode(
  code: number,
  isDay: boolean,
): { condition: WeatherCondition; description: string; icon: string } {
  const meaning = WMO_CODES[code] ?? { condition: 'Clouds', description: 'cloudy', icon: '03' };
  return {
    condition: meaning.condition,
    description: meaning.description,
    icon: `${meaning.icon}${isDay ? 'd' : 'n'}`,
  };
}

/** Every icon code the app can show (the web app bundles one image per code). */
export const WEATHER_ICON_CODES = ['01', '02', '03', '04', '09', '10', '11', '13', '50'] as const;
