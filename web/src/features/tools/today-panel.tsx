import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useMemo } from 'react';
import type { Catch } from '#core/catch.ts';
import type { InsightCatch, InsightTrip } from '#core/insights.ts';
import { tideTurns } from '#core/tide-prediction.ts';
import { keptStationAt, nearestKeptStation } from '#core/tides.ts';
import { insightsBySpecies, todayMatches, weatherForecastHours } from '#core/today-matches.ts';
import type { Trip } from '#core/trips.ts';
import { getCatches, getTrips } from '@/api/endpoints';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/features/auth/use-auth';
import { useUnits } from '@/features/auth/use-units';
import { phoneTimeZone } from '@/lib/phone-time-zone';
import { CATCHES_STALE_TIME_MS, queryKeys } from '@/lib/query-client';
import { type Position, useKeptTideStationAnswers } from './tide-stations.ts';
import { conditionFigures, conditionsPhrase, matchTitle, todayWindows } from './today-format.ts';
import { useSkyDay } from './use-sky-day.ts';
import { weatherQueryOptions } from './weather-query.ts';

/**
 * The Today card (core/today-matches.ts), a chunk of its own: the angler's clear effects from the kept catches and
 * trips (docs/decisions/044-insights.md), matched with today at the Tools tab's position: the sun and moon of
 * today (use-sky-day.ts), the tide at the nearest kept station (tide-stations.ts) and the weather the weather card
 * already asked for (its query, read only: this card never asks the server for weather itself). GET /api/weather
 * answers the next 24 hours with the reading, so a weather effect matches the hours of today it is forecast for
 * (an answer kept from before that matches the hour of its reading alone). Times on
 * the phone's clocks, the zone of where the angler stands. Renders nothing when the log has no clear effect.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_CATCHES: Catch[] = [];
const NO_TRIPS: Trip[] = [];

/** What insights read of a trip; one kept from before effort existed has none. */
const asInsightTrip = (trip: Trip): InsightTrip => ({
  id: trip.id,
  spotId: trip.spotId,
  durationMinutes: trip.durationMinutes,
  effort: trip.effort ?? null,
});

/** The catch and trip lists as History and Stats read them (the same queries, kept on the phone). */
function useKeptLog() {
  const { user } = useAuth();
  const catches = useQuery({
    queryKey: queryKeys.catches,
    queryFn: getCatches,
    staleTime: CATCHES_STALE_TIME_MS,
    enabled: !!user,
  });
  const trips = useQuery({
    queryKey: queryKeys.trips,
    queryFn: getTrips,
    staleTime: CATCHES_STALE_TIME_MS,
    enabled: !!user,
  });
  return { catches: catches.data ?? NO_CATCHES, trips: trips.data ?? NO_TRIPS };
}

/** 'today 9:10 PM–9:50 PM', each time kept whole on its line (at 200 % text the range itself may wrap). */
function When({ windows }: { windows: ReturnType<typeof todayWindows> }) {
  return (
    <span className="font-semibold">
      {windows.said}
      {windows.times.map(([start, end], index) => (
        <span key={start}>
          {index === 0 ? ' ' : ', '}
          <span className="whitespace-nowrap">{start}</span>–<span className="whitespace-nowrap">{end}</span>
        </span>
      ))}
    </span>
  );
}

export function TodayPanel({ position }: { position: Position }) {
  const { latitude, longitude } = position;
  const units = useUnits();
  const { catches, trips } = useKeptLog();
  const { sky } = useSkyDay(position);
  // The weather card's query, never fetched from here: its answer when there is one for this position.
  const weather = useQuery({ ...weatherQueryOptions(position), enabled: false }).data;
  const kept = useKeptTideStationAnswers();
  const timeZone = phoneTimeZone();

  const insights = useMemo(
    () => insightsBySpecies(catches as readonly InsightCatch[], trips.map(asInsightTrip)),
    [catches, trips],
  );
  const day = sky?.day ?? null;
  // Only a log with a clear tide effect pays for a tide prediction.
  const tideMatters = insights.some(({ insights: found }) =>
    found.effort.some(
      (factor) =>
        factor.factor === 'tideStage' && factor.buckets.some((bucket) => bucket.verdict === 'clear-effect'),
    ),
  );
  const station = useMemo(() => {
    if (!tideMatters) return null;
    const known = keptStationAt(kept, latitude, longitude);
    if (known === null) return null;
    return (known ?? nearestKeptStation(kept, latitude, longitude))?.station ?? null;
  }, [tideMatters, kept, latitude, longitude]);
  const forecastHours = useMemo(() => (weather ? weatherForecastHours(weather) : []), [weather]);

  const matches = useMemo(() => {
    if (day === null) return [];
    const turns = station
      ? tideTurns(station, new Date(day.start.getTime() - DAY_MS), new Date(day.end.getTime() + DAY_MS))
      : null;
    return todayMatches({
      insights,
      day,
      place: { latitude, longitude },
      timeZone,
      forecastHours,
      tideTurns: turns,
    });
  }, [insights, day, station, forecastHours, latitude, longitude, timeZone]);

  if (day === null || matches.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="tools-today-title" data-testid="today-card">
      <CardHeader className="pb-3">
        <CardTitle as="h3" id="tools-today-title" className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5 text-primary" />
          Today
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {matches.map((match) => (
            <li
              key={match.species ?? ''}
              className="flex flex-col gap-1 rounded-lg bg-muted px-3 py-2"
              data-testid="today-match"
            >
              <p>
                <span className="font-semibold">{matchTitle(match)}:</span>{' '}
                {conditionsPhrase(match.conditions, units)} —{' '}
                <When windows={todayWindows(match.windows, day, timeZone)} />
              </p>
              {match.conditions.map((condition) => (
                <p key={`${condition.factor}:${condition.bucket}`} className="text-xs text-muted-foreground">
                  {conditionFigures(condition, units)}
                </p>
              ))}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">
          From your log: catches per hour fished, clearly better than the rest of your time.
        </p>
      </CardContent>
    </Card>
  );
}
