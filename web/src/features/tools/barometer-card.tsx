import { Fish, Gauge, Minus, RefreshCw, TrendingDown, TrendingUp, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  barometerInsight,
  barometerTrend,
  type PressureCategory,
  type PressureTrend,
  pressureCategory,
  READINGS_KEPT,
  TENDENCY_THRESHOLD_HPA,
  TREND_WINDOW,
} from '#core/barometer.ts';
import { formatNumber, unitLabel } from '#core/units.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useUnits } from '@/features/auth/use-units';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { formatClockTime } from '@/lib/clock-time';
import { cn } from '@/lib/cn';
import { OfflineReading, useNewestWeatherReading } from './offline-reading.tsx';
import { Pill, StatusMessage } from './tool-card-parts.tsx';
import { describePressureChange3h, TREND_LABELS } from './tools-format.ts';
import { useToolsLocation } from './tools-location.tsx';
import { useBarometer } from './use-barometer.ts';

/** docs/product.md#barometer. */
const BAROMETER_FAILED_TEXT = 'Unable to read atmospheric pressure';
/** Offline before a first reading (decision 007). */
const BAROMETER_NEEDS_CONNECTION = 'Pressure readings need a connection';

const CATEGORY_STYLES: Record<PressureCategory, string> = {
  High: 'bg-emerald-100 text-emerald-900',
  Normal: 'bg-sky-100 text-sky-900',
  Low: 'bg-amber-100 text-amber-900',
};

const TREND_ICONS: Record<PressureTrend, typeof TrendingUp> = {
  rising: TrendingUp,
  falling: TrendingDown,
  stable: Minus,
};

function BarometerSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status">
      <span className="sr-only">Reading the pressure…</span>
      <Skeleton className="h-10 w-40" />
      <div className="flex gap-2">
        <Skeleton className="h-6 w-24 rounded-full" />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="h-11" />
      <Skeleton className="h-10" />
      {/* The footnote's three lines: the reading does not push the cards below down when it arrives. */}
      <Skeleton className="h-12" />
    </div>
  );
}

function PressureValue({ pressure, testId }: { pressure: number; testId?: string }) {
  const units = useUnits();
  return (
    <p className="flex items-baseline gap-1.5">
      <span className="text-4xl font-bold tracking-tight" data-testid={testId}>
        {formatNumber('pressure', pressure, units)}
      </span>
      <span className="text-sm font-medium text-muted-foreground">{unitLabel('pressure', units)}</span>
    </p>
  );
}

/** A kept reading's pressure and category (offline; its place and age are said above it). */
function PressureSummary({ pressure }: { pressure: number }) {
  const category = pressureCategory(pressure);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PressureValue pressure={pressure} />
      <Pill className={CATEGORY_STYLES[category]}>{category} pressure</Pill>
    </div>
  );
}

/**
 * The barometer (docs/product.md#barometer): pressure in inHg (or hPa) with its category (29.8 / 30.2 inHg), one trend (the weather
 * provider's real 3-hour tendency where it is known, the product's rule over the last up to 3 readings until then:
 * docs/decisions/025-one-pressure-trend.md) and the fishing insight, which gives way to a thunderstorm's warning.
 */
export function BarometerCard() {
  const { readings, latest, failed, offline, isReading, read } = useBarometer();
  const { permission, enabled } = useToolsLocation();
  const online = useOnlineStatus();
  const lastReading = useNewestWeatherReading();
  const newest = readings[readings.length - 1];
  const units = useUnits();

  let body: ReactNode;
  let footnote: ReactNode = null;
  if (!newest && (offline || !online)) {
    // Offline before a first reading here: say so at once, with the last pressure the phone kept.
    body = (
      <OfflineReading title={BAROMETER_NEEDS_CONNECTION} reading={lastReading}>
        {lastReading ? <PressureSummary pressure={lastReading.weather.pressure} /> : null}
      </OfflineReading>
    );
  } else if (failed) {
    body = (
      <StatusMessage
        icon={Gauge}
        tone="error"
        title={BAROMETER_FAILED_TEXT}
        action={
          <Button variant="outline" onClick={read} disabled={isReading}>
            {isReading ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Retry
          </Button>
        }
      >
        {readings.length > 0 ? 'Your earlier readings are kept for the trend.' : null}
      </StatusMessage>
    );
  } else if (newest && latest) {
    const category = pressureCategory(newest.pressure);
    const { trend, source } = barometerTrend(readings, latest.pressureChange3h);
    const insight = barometerInsight(category, trend, latest);
    const TrendIcon = TREND_ICONS[trend];
    const InsightIcon = insight.safety ? TriangleAlert : Fish;
    const tendency = describePressureChange3h(latest.pressureChange3h, units);
    const updated = formatClockTime(newest.timestamp);
    const trendCount = Math.min(readings.length, TREND_WINDOW);
    const kept = `(${readings.length} of ${READINGS_KEPT} kept)`;
    body = (
      <div className="flex flex-col gap-3">
        <PressureValue pressure={newest.pressure} testId="barometer-pressure" />
        <div className="flex flex-wrap gap-2">
          <Pill className={CATEGORY_STYLES[category]} data-testid="barometer-category">
            {category} pressure
          </Pill>
          <Pill className="bg-muted text-foreground" data-testid="barometer-trend">
            <TrendIcon aria-hidden="true" />
            {TREND_LABELS[trend]}
          </Pill>
        </div>
        <p
          className={cn(
            'flex items-center gap-2 rounded-lg px-3 py-2.5 font-semibold',
            insight.safety
              ? 'border border-destructive bg-red-50 text-destructive'
              : 'bg-accent text-accent-foreground',
          )}
          data-testid="barometer-insight"
        >
          <InsightIcon aria-hidden="true" className="size-5 shrink-0" />
          {insight.text}
        </p>
        {tendency ? (
          <p className="text-sm" data-testid="barometer-tendency">
            <span className="font-medium">3-hour tendency (weather provider): </span>
            {tendency}
          </p>
        ) : null}
      </div>
    );
    // Outside the live region: it changes with every reading.
    footnote = (
      <p className="mt-3 text-xs text-muted-foreground" data-testid="barometer-trend-source">
        {source === 'provider' ? (
          <>
            Trend from the weather provider's last 3 hours (
            <span className="whitespace-nowrap">{TENDENCY_THRESHOLD_HPA} hPa</span> or more is a change).{' '}
          </>
        ) : (
          `Trend from your last ${trendCount} ${trendCount === 1 ? 'reading' : 'readings'} (the weather provider gave no 3-hour tendency). `
        )}
        Read every 2 minutes {kept}
        {updated ? `; last at ${updated}` : ''}.
        {offline ? " You're offline: the next reading waits for the connection." : ''}
      </p>
    );
  } else if (isReading || (enabled && !failed) || permission === 'checking') {
    body = <BarometerSkeleton />;
  } else {
    body = (
      <StatusMessage
        icon={Gauge}
        title="Pressure where you fish"
        action={
          <Button variant="outline" onClick={read}>
            <Gauge aria-hidden="true" />
            Start Barometer
          </Button>
        }
      >
        Reads the air pressure at your position every 2 minutes, with a fishing insight.
      </StatusMessage>
    );
  }

  return (
    <Card role="region" aria-labelledby="tools-barometer-title">
      <CardHeader className="flex-row items-center justify-between pb-3">
        <CardTitle as="h3" id="tools-barometer-title" className="flex items-center gap-2">
          <Gauge aria-hidden="true" className="size-5 text-primary" />
          Barometer
        </CardTitle>
        {isReading && newest && !failed ? <Spinner className="text-muted-foreground" /> : null}
      </CardHeader>
      <CardContent>
        <div aria-live="polite">{body}</div>
        {footnote}
      </CardContent>
    </Card>
  );
}
