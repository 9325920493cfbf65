import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudMoon,
  CloudRain,
  CloudSnow,
  CloudSun,
  Cloudy,
  type LucideIcon,
  Moon,
  Sun,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import { type WeatherIconKind, weatherIconKind } from './weather-icons.ts';

const ICONS: Record<WeatherIconKind, { icon: LucideIcon; colour: string }> = {
  'clear-day': { icon: Sun, colour: 'text-amber-500' },
  'clear-night': { icon: Moon, colour: 'text-indigo-500' },
  'few-clouds-day': { icon: CloudSun, colour: 'text-amber-500' },
  'few-clouds-night': { icon: CloudMoon, colour: 'text-indigo-500' },
  clouds: { icon: Cloud, colour: 'text-slate-500' },
  overcast: { icon: Cloudy, colour: 'text-slate-600' },
  drizzle: { icon: CloudDrizzle, colour: 'text-sky-600' },
  rain: { icon: CloudRain, colour: 'text-sky-700' },
  thunderstorm: { icon: CloudLightning, colour: 'text-violet-700' },
  snow: { icon: CloudSnow, colour: 'text-sky-500' },
  fog: { icon: CloudFog, colour: 'text-slate-500' },
};

/** The bundled icon for a weather icon code; decorative, as the description is written next to it. */
export function WeatherIcon({ code, className }: { code: string; className?: string }) {
  const kind = weatherIconKind(code);
  const { icon: Icon, colour } = ICONS[kind];
  return <Icon aria-hidden="true" data-weather-icon={kind} className={cn(colour, className)} />;
}
