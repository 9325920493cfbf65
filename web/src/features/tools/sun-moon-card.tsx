import { MapPin, Moon, RefreshCw, Sunrise } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SkyDay } from '#core/astronomy.ts';
import { MoonPicture } from '@/components/moon-picture';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  describeAllDay,
  describeTwilightAllDay,
  formatIllumination,
  formatSkyEvent,
  formatSolunarPeriod,
  SOLUNAR_FOLKLORE_NOTE,
  SOLUNAR_LABEL,
} from './sun-moon-format.ts';
import { LocationNeeded, StatusMessage } from './tool-card-parts.tsx';
import { useToolsLocation } from './tools-location.tsx';
import { useSkyDay } from './use-sky-day.ts';

function SkySkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" role="status">
      <span className="sr-only">{label}</span>
      <div className="grid grid-fit-32 gap-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
      <Skeleton className="h-16" />
    </div>
  );
}

/** One time of the day: a label over its value. */
function SkyTime({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-muted px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function SkyDetails({ sky, southern }: { sky: SkyDay; southern: boolean }) {
  const { sun, moon, phase, solunar } = sky;
  const sunAllDay = describeAllDay('sun', sun.sun);
  const twilightAllDay = describeTwilightAllDay(sun.civilTwilight);
  const moonAllDay = describeAllDay('moon', moon);
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="sky-sun-heading" className="flex flex-col gap-2">
        <h4 id="sky-sun-heading" className="text-sm font-semibold">
          Sun
        </h4>
        {sunAllDay ? (
          <p className="text-sm" data-testid="sun-all-day">
            {sunAllDay}
          </p>
        ) : null}
        {twilightAllDay && !sun.sun.alwaysUp ? (
          <p className="text-sm" data-testid="twilight-all-day">
            {twilightAllDay}
          </p>
        ) : null}
        <dl className="grid grid-fit-32 gap-2">
          {twilightAllDay ? null : (
            <SkyTime
              label="First light (civil dawn)"
              value={formatSkyEvent(sun.civilTwilight.rise)}
              testId="sun-dawn"
            />
          )}
          {sunAllDay ? null : (
            <>
              <SkyTime label="Sunrise" value={formatSkyEvent(sun.sun.rise)} testId="sun-rise" />
              <SkyTime label="Sunset" value={formatSkyEvent(sun.sun.set)} testId="sun-set" />
            </>
          )}
          {twilightAllDay ? null : (
            <SkyTime
              label="Last light (civil dusk)"
              value={formatSkyEvent(sun.civilTwilight.set)}
              testId="sun-dusk"
            />
          )}
        </dl>
      </section>

      <section aria-labelledby="sky-moon-heading" className="flex flex-col gap-2">
        <h4 id="sky-moon-heading" className="text-sm font-semibold">
          Moon
        </h4>
        <div className="flex items-center gap-3">
          <MoonPicture
            illumination={phase.illumination}
            waxing={phase.waxing}
            southern={southern}
            className="size-12"
          />
          <p>
            <span className="block font-semibold" data-testid="moon-phase">
              {phase.name}
            </span>
            <span className="text-sm text-muted-foreground">
              <span data-testid="moon-illumination">{formatIllumination(phase.illumination)}</span>{' '}
              illuminated
            </span>
          </p>
        </div>
        {moonAllDay ? (
          <p className="text-sm" data-testid="moon-all-day">
            {moonAllDay}
          </p>
        ) : (
          <dl className="grid grid-fit-32 gap-2">
            <SkyTime label="Moonrise" value={formatSkyEvent(moon.rise)} testId="moon-rise" />
            <SkyTime label="Moonset" value={formatSkyEvent(moon.set)} testId="moon-set" />
          </dl>
        )}
      </section>

      {solunar.length > 0 ? (
        <section aria-labelledby="sky-solunar-heading" className="flex flex-col gap-1.5">
          <h4 id="sky-solunar-heading" className="text-sm font-semibold">
            {SOLUNAR_LABEL}
          </h4>
          <ul className="flex flex-col gap-1 text-sm tabular-nums" data-testid="solunar-periods">
            {solunar.map((period) => (
              <li key={`${period.kind}-${period.start.getTime()}`}>{formatSolunarPeriod(period)}</li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{SOLUNAR_FOLKLORE_NOTE}</p>
        </section>
      ) : null}
    </div>
  );
}

/**
 * Sun & Moon (docs/product.md#sun-and-moon, decision 011): today's sunrise, sunset, civil twilight, moon phase and illumination, moonrise and
 * moonset at the device position, computed on the phone (core/astronomy.ts, loaded when first needed), so it
 * works offline. Shares the Tools tab's position (tools-location.tsx).
 */
export function SunMoonCard() {
  const { permission, enabled, location, error, isLocating, locate } = useToolsLocation();
  const { sky, failed, retry } = useSkyDay(location);
  const askForLocation = () => {
    locate().catch(() => {
      // Shown below through `error`.
    });
  };

  let body: ReactNode;
  if (location && sky) {
    body = <SkyDetails sky={sky} southern={location.latitude < 0} />;
  } else if (location && failed) {
    body = (
      <StatusMessage
        icon={Sunrise}
        tone="error"
        title="Could not work out the sun and moon"
        action={
          <Button variant="outline" onClick={retry}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        }
      >
        The calculator did not load. Try again once you have a connection.
      </StatusMessage>
    );
  } else if (location) {
    body = <SkySkeleton label="Working out the sun and moon…" />;
  } else if (error && !isLocating) {
    body = <LocationNeeded reason={error.message} onRetry={askForLocation} />;
  } else if (enabled || permission === 'checking' || isLocating) {
    body = <SkySkeleton label="Finding your location…" />;
  } else {
    body = (
      <StatusMessage
        icon={Moon}
        title="Sunrise, sunset and the moon where you fish"
        action={
          <Button variant="outline" onClick={askForLocation}>
            <MapPin aria-hidden="true" />
            Show Sun & Moon
          </Button>
        }
      >
        Worked out on your phone from your position: no connection needed.
      </StatusMessage>
    );
  }

  return (
    <Card role="region" aria-labelledby="tools-sky-title">
      <CardHeader className="pb-3">
        <CardTitle as="h3" id="tools-sky-title" className="flex items-center gap-2">
          <Sunrise aria-hidden="true" className="size-5 text-primary" />
          Sun & Moon
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
