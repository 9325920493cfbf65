import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Waves, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { stationDate, stationDay, tideCurve, tideStateAt, tideTurnsOfDay } from '#core/tide-prediction.ts';
import { keptStationAt, nearestKeptStation, type TideStation } from '#core/tides.ts';
import { formatKilometres, formatQuantity, type UnitSystem } from '#core/units.ts';
import { isCalendarDate } from '#core/zoned-day.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUnits } from '@/features/auth/use-units';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { formatClockTime } from '../../lib/clock-time.ts';
import { TideCurve } from './tide-curve.tsx';
import { type Position, tideStationsQueryOptions, useKeptTideStationAnswers } from './tide-stations.ts';
import { describeDatum, formatMinutes, timeZoneName } from './tides-format.ts';
import { StatusMessage } from './tool-card-parts.tsx';

/**
 * The Tides card (docs/decisions/035-tides.md), a chunk of its own with the predictor: the nearest tide station
 * within reach of the position, its highs and lows for a day (today, or one picked for planning), the tide now and
 * a curve of the day, all predicted on the phone from the station constants it keeps (tide-stations.ts), with or
 * without a signal. Not shown inland. The station's times are the station's own; heights in the angler's units.
 */

const MINUTE_MS = 60_000;
/** The dates the date picker and the server accept. */
const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2100-12-31';

/** The current time, moved on every minute (the tide now, and today's date at the station). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function TidesFrame({ children }: { children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby="tools-tides-title">
      <CardHeader className="pb-3">
        <CardTitle as="h3" id="tools-tides-title" className="flex items-center gap-2">
          <Waves aria-hidden="true" className="size-5 text-primary" />
          Tides
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function TidesPanel({ position }: { position: Position }) {
  const { latitude, longitude } = position;
  const online = useOnlineStatus();
  const kept = useKeptTideStationAnswers();
  // Sure from the kept stations (a station, or none within reach), or undefined: ask the server once.
  const known = useMemo(() => keptStationAt(kept, latitude, longitude), [kept, latitude, longitude]);
  const stations = useQuery({
    ...tideStationsQueryOptions(position),
    enabled: known === undefined && online,
  });

  if (known === null) return null;
  const found = known ?? nearestKeptStation(kept, latitude, longitude);
  if (found) return <TideDay station={found.station} distanceKm={found.distanceKm} />;
  if (stations.isError && online) {
    return (
      <TidesFrame>
        <StatusMessage
          icon={Waves}
          tone="error"
          title="Tides could not be loaded"
          action={
            <Button variant="outline" onClick={() => void stations.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          The tide stations near you did not load. Try again in a moment.
        </StatusMessage>
      </TidesFrame>
    );
  }
  // Offline where nothing kept can tell: said only to an angler who has kept stations within reach somewhere,
  // that is, who fishes the tides (an inland angler's kept answers list none, and the card stays away).
  if (!online && kept.some((answer) => answer.stations.length > 0)) {
    return (
      <TidesFrame>
        <StatusMessage icon={WifiOff} title="Tides here need a connection once">
          This phone keeps the tide stations near the places where you looked at the tides; none is kept for
          here. They load by themselves when you're back online.
        </StatusMessage>
      </TidesFrame>
    );
  }
  return null;
}

function TideDay({ station, distanceKm }: { station: TideStation; distanceKm: number }) {
  const units = useUnits();
  const now = useNow();
  const today = stationDate(station, now);
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? today;
  const isToday = date === today;
  const day = useMemo(() => stationDay(station, date), [station, date]);
  const turns = useMemo(() => tideTurnsOfDay(station, date), [station, date]);
  const curve = useMemo(() => tideCurve(station, day.start, day.end), [station, day]);
  const state = isToday ? tideStateAt(station, now) : null;
  const height = (feet: number) => formatQuantity('tideHeight', feet, units);
  const time = (at: Date) => formatClockTime(at, undefined, station.timeZone) ?? '';
  const zone = timeZoneName(station.timeZone, day.start);
  const curveLabel = `Tide curve for ${date} at ${station.name}: ${turns
    .map((turn) => `${turn.type} ${height(turn.height)} at ${time(turn.time)}`)
    .join(', ')}`;

  return (
    <TidesFrame>
      <div className="flex flex-col gap-4">
        <p className="text-sm" data-testid="tide-station">
          <span className="font-semibold">{station.name}</span>
          <span className="text-muted-foreground">
            {' · '}
            {distanceText(distanceKm, units)} · {station.source} station
          </span>
        </p>

        {state ? (
          <div className="flex flex-col gap-1 rounded-lg bg-muted px-3 py-2" data-testid="tide-now">
            <p className="font-semibold">
              Now: {state.stage === 'rising' ? 'rising' : 'falling'}, {height(state.height)}
            </p>
            <p className="text-sm text-muted-foreground">
              {state.nextTurn.type === 'high' ? 'High' : 'Low'} water {height(state.nextTurn.height)} at{' '}
              {time(state.nextTurn.time)}, in {formatMinutes(state.minutesToNextTurn)} (
              {state.lastTurn.type === 'high' ? 'high' : 'low'} water was{' '}
              {formatMinutes(state.minutesSinceLastTurn)} ago)
            </p>
          </div>
        ) : null}

        <TideCurve
          day={day}
          curve={curve}
          turns={turns}
          now={state && isToday ? { time: now, height: state.height } : null}
          timeZone={station.timeZone}
          label={curveLabel}
        />

        <section aria-labelledby="tides-day-heading" className="flex flex-col gap-2">
          <h4 id="tides-day-heading" className="text-sm font-semibold">
            High and low water {isToday ? 'today' : `on ${date}`}
          </h4>
          <ul className="grid grid-cols-2 gap-2" data-testid="tide-turns">
            {turns.map((turn) => (
              <li key={turn.time.getTime()} className="flex flex-col rounded-lg bg-muted px-3 py-2">
                <span className="text-xs text-muted-foreground">{turn.type === 'high' ? 'High' : 'Low'}</span>{' '}
                <span className="font-semibold tabular-nums">{time(turn.time)}</span>{' '}
                <span className="text-sm tabular-nums">{height(turn.height)}</span>
              </li>
            ))}
          </ul>
        </section>

        <div className="flex items-end gap-2">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor="tide-date">Day</Label>
            <Input
              id="tide-date"
              type="date"
              min={FIRST_DATE}
              max={LAST_DATE}
              value={date}
              onChange={(event) => setPicked(isPlannableDate(event.target.value) ? event.target.value : null)}
            />
          </div>
          {isToday ? null : (
            <Button variant="outline" onClick={() => setPicked(null)}>
              Today
            </Button>
          )}
        </div>

        <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-testid="tide-notes">
          <p>
            Times are the station's ({zone}). Heights above {describeDatum(station.datum)}.
          </p>
          <p className="font-semibold text-foreground">
            Not for navigation: predicted tides only. Wind, air pressure and river flow move the real water.
          </p>
          <p data-testid="tide-credit">Tide data: {station.attribution}</p>
        </div>
      </div>
    </TidesFrame>
  );
}

function isPlannableDate(value: string): boolean {
  return isCalendarDate(value) && value >= FIRST_DATE && value <= LAST_DATE;
}

/** The distance to the station in the angler's units (measured in km; stored values are imperial: miles). */
function distanceText(km: number, units: UnitSystem): string {
  return `${formatKilometres(km, units)} away`;
}
