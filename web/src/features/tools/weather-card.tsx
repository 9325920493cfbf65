import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CloudOff, CloudSun, Droplets, Gauge, MapPin, RefreshCw, TriangleAlert, Wind } from 'lucide-react';
import type { ReactNode } from 'react';
import { hasLightningRisk, LIGHTNING_ADVICE } from '#core/gear.ts';
import type { Weather } from '#core/weather.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useUnits } from '@/features/auth/use-units';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { formatClockTime } from '@/lib/clock-time';
import { ChoosePlace, ChosenPlaceNote } from './choose-place.tsx';
import { OfflineReading, useNewestWeatherReading } from './offline-reading.tsx';
import { LocationNeeded, StatusMessage } from './tool-card-parts.tsx';
import {
  capitalizeFirst,
  formatHumidity,
  formatPressure,
  formatTemperature,
  formatWind,
  readingAge,
} from './tools-format.ts';
import { useToolsLocation } from './tools-location.tsx';
import { WeatherIcon } from './weather-icon.tsx';
import { WEATHER_NEEDS_CONNECTION, weatherQueryOptions } from './weather-query.ts';

/** On-screen weather messages (docs/product.md#weather). */
const WEATHER_UNAVAILABLE_TITLE = 'Weather Unavailable';
const WEATHER_UNAVAILABLE_TEXT = 'Could not load weather data. Please check your internet connection.';

/**
 * The shape of WeatherDetails line for line (place, temperature, the three facts, the time observed), so the cards
 * below do not jump when the reading arrives: a late shift is what a phone's first seconds on this tab are judged by.
 */
function WeatherSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4" role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-5 w-44" />
      <div className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <div className="grid grid-fit-24 gap-2">
        <Skeleton className="h-19" />
        <Skeleton className="h-19" />
        <Skeleton className="h-19" />
      </div>
      <Skeleton className="h-4 w-28" />
    </div>
  );
}

/** A thunderstorm's danger, on the weather itself (it was once only the 7th gear card, below sunscreen). */
function LightningAlert() {
  return (
    <p
      role="alert"
      data-testid="weather-alert"
      className="flex items-start gap-2 rounded-lg border border-destructive bg-red-50 px-3 py-2.5 text-sm text-destructive"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-bold">SAFETY ALERT: </span>
        {LIGHTNING_ADVICE}
      </span>
    </p>
  );
}

function WeatherDetails({ weather, showLocation = true }: { weather: Weather; showLocation?: boolean }) {
  const observed = formatClockTime(weather.observedAt);
  const units = useUnits();
  const facts = [
    { icon: Wind, label: 'Wind', value: formatWind(weather.windSpeed, units) },
    { icon: Droplets, label: 'Humidity', value: formatHumidity(weather.humidity) },
    { icon: Gauge, label: 'Pressure', value: formatPressure(weather.pressure, units) },
  ];
  return (
    <div className="flex flex-col gap-4">
      {hasLightningRisk(weather) ? <LightningAlert /> : null}
      {showLocation ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span data-testid="weather-location">{weather.location}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <WeatherIcon code={weather.icon} className="size-14 shrink-0" />
        <div>
          <p className="text-4xl font-bold tracking-tight" data-testid="weather-temperature">
            {formatTemperature(weather.temperature, units)}
          </p>
          <p className="text-sm" data-testid="weather-description">
            {capitalizeFirst(weather.description)}
          </p>
        </div>
      </div>
      <dl className="grid grid-fit-24 gap-2">
        {facts.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex flex-col items-center gap-0.5 rounded-lg bg-muted px-2 py-2.5">
            <Icon aria-hidden="true" className="size-4 text-primary" />
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-sm font-semibold whitespace-nowrap">{value}</dd>
          </div>
        ))}
      </dl>
      {observed ? <p className="text-xs text-muted-foreground">Observed at {observed}</p> : null}
    </div>
  );
}

/**
 * Current weather at the device position (docs/product.md#weather, its states): the 'Enable Weather'
 * prompt, loading, 'Location Access Needed', 'Weather Unavailable', the data, or no data. Offline with no answer
 * for this spot it says so at once, with the last reading kept on the phone (the query waits for the network and
 * fills in by itself when it is back).
 */
export function WeatherCard() {
  const { permission, enabled, location, error, isLocating, locate } = useToolsLocation();
  const query = useQuery({ ...weatherQueryOptions(location), placeholderData: keepPreviousData });
  const online = useOnlineStatus();
  const lastReading = useNewestWeatherReading();
  const askForLocation = () => {
    locate().catch(() => {
      // Shown below through `error`.
    });
  };

  let body: ReactNode;
  if (!online && !query.data) {
    body = (
      <OfflineReading title={WEATHER_NEEDS_CONNECTION} reading={lastReading}>
        {lastReading ? <WeatherDetails weather={lastReading.weather} showLocation={false} /> : null}
      </OfflineReading>
    );
  } else if (!location) {
    if (permission === 'checking' || isLocating) {
      body = <WeatherSkeleton label="Finding your location…" />;
    } else if (error) {
      body = (
        <>
          <LocationNeeded reason={error.message} onRetry={askForLocation} />
          <ChoosePlace />
        </>
      );
    } else if (!enabled) {
      body = (
        <StatusMessage
          icon={CloudSun}
          title="Current conditions where you fish"
          action={
            <Button onClick={askForLocation}>
              <MapPin aria-hidden="true" />
              Enable Weather
            </Button>
          }
        >
          Allow location access to see the weather at your position.
        </StatusMessage>
      );
    } else {
      body = <WeatherSkeleton label="Finding your location…" />;
    }
  } else if (query.isPending || (query.isError && query.isFetching && !query.data)) {
    body = <WeatherSkeleton label="Loading weather…" />;
  } else if (query.isError && !query.data) {
    body = (
      <StatusMessage
        icon={CloudOff}
        tone="error"
        title={WEATHER_UNAVAILABLE_TITLE}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        }
      >
        {WEATHER_UNAVAILABLE_TEXT}
      </StatusMessage>
    );
  } else if (query.data) {
    body = (
      <>
        <WeatherDetails weather={query.data} />
        {query.isError && !query.isFetching ? (
          <p className="mt-3 text-xs text-destructive">Could not refresh; showing the last weather.</p>
        ) : null}
        {!online ? (
          <p className="mt-3 text-xs text-muted-foreground" data-testid="offline-reading-age">
            {`You're offline: the reading from ${readingAge(query.dataUpdatedAt)}.`}
          </p>
        ) : null}
      </>
    );
  } else {
    body = <p className="py-4 text-center text-sm text-muted-foreground">No weather data available.</p>;
  }

  const showRefresh = online && location !== null && query.data !== undefined;
  return (
    <Card role="region" aria-labelledby="tools-weather-title">
      {/* As tall with the refresh button as without, which appears with the reading. */}
      <CardHeader className="min-h-19 flex-row items-center justify-between pb-3">
        <CardTitle as="h3" id="tools-weather-title" className="flex items-center gap-2">
          <CloudSun aria-hidden="true" className="size-5 text-primary" />
          Weather
        </CardTitle>
        {showRefresh ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Refresh weather"
            title="Refresh weather"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {query.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <ChosenPlaceNote />
        <div aria-live="polite">{body}</div>
      </CardContent>
    </Card>
  );
}
