import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Catch } from '#core/catch.ts';
import { EFFORT_FACTORS } from '#core/insights.ts';
import { type SimilarDay, type SimilarDaysTarget, similarDays } from '#core/similar-days.ts';
import type { Trip } from '#core/trips.ts';
import { getCatches } from '@/api/endpoints';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAuth } from '@/features/auth/use-auth';
import { useUnits } from '@/features/auth/use-units';
import { CATCHES_STALE_TIME_MS, queryKeys } from '@/lib/query-client';
import { useSpots } from '../spots/use-spots.ts';
import { useTrips } from '../trips/use-trips.ts';
import {
  formatBucket,
  formatCaught,
  formatCloseness,
  formatDistance,
  formatTripSpan,
} from './similar-days-format.ts';

export const NO_TRIPS_WITH_CONDITIONS = 'Days like this needs trips with their conditions worked out.';

/**
 * 'Days like this' (core/similar-days.ts): the past trips whose conditions were closest to a catch's or a trip's,
 * with what was caught on them. A chunk of its own, loaded the first time it opens (days-like-this-button.tsx);
 * it reads the kept catch, trip and spot lists, so it works offline.
 */
export function SimilarDaysDialog({
  target,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  /** A catch, or a trip as the server answered it. */
  target: { catch: Catch } | { trip: Trip };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Days like this</DialogTitle>
          <DialogDescription>
            {'catch' in target
              ? 'Your past trips whose conditions were closest to this catch’s, and what you caught.'
              : 'Your past trips whose conditions were closest to this trip’s, and what you caught.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <SimilarDaysList target={target} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SimilarDaysList({ target }: { target: SimilarDaysTarget }) {
  const { user } = useAuth();
  const catchesQuery = useQuery({
    queryKey: queryKeys.catches,
    queryFn: getCatches,
    staleTime: CATCHES_STALE_TIME_MS,
    enabled: !!user,
  });
  const { trips: shownTrips, loading: tripsLoading } = useTrips();
  const { spots } = useSpots();
  const catches = catchesQuery.data;
  const trips = useMemo(() => shownTrips.flatMap((trip) => (trip.saved ? [trip.saved] : [])), [shownTrips]);
  const answer = useMemo(() => similarDays(target, trips, catches ?? []), [target, trips, catches]);
  const spotNames = useMemo(() => new Map(spots.map((spot) => [spot.id, spot.name])), [spots]);

  if (tripsLoading || (catches === undefined && catchesQuery.fetchStatus === 'fetching')) {
    return <p aria-busy="true">Loading your trips...</p>;
  }
  if (answer.tripsWithConditions === 0) {
    return <p className="text-muted-foreground">{NO_TRIPS_WITH_CONDITIONS}</p>;
  }
  if (!answer.targetComparable) {
    return (
      <p className="text-muted-foreground">
        {'catch' in target
          ? 'This catch’s conditions are not worked out yet.'
          : 'This trip’s conditions are not worked out yet.'}
      </p>
    );
  }
  if (answer.days.length === 0) {
    return <p className="text-muted-foreground">No past trip shares enough conditions with this one yet.</p>;
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="Closest trips">
      {answer.days.map((day) => (
        <SimilarDayItem
          key={day.trip.id}
          day={day}
          spotName={day.trip.spotId === null ? null : (spotNames.get(day.trip.spotId) ?? null)}
          catches={catches ?? []}
        />
      ))}
    </ol>
  );
}

function SimilarDayItem({
  day,
  spotName,
  catches,
}: {
  day: SimilarDay;
  spotName: string | null;
  catches: readonly Catch[];
}) {
  const units = useUnits();
  const itsCatches = catches.filter((item) => item.tripId === day.trip.id);
  // The trip's conditions in a word each, those it matched on first (the factors come closest first).
  const conditions = day.factors
    .map(({ factor }) => {
      const bucket = day.mainBuckets[factor];
      return bucket === undefined ? null : formatBucket(factor, bucket, units);
    })
    .filter((words): words is string => words !== null);
  const sameSpot = day.matched.includes('spot');
  const compared = day.factors.length;
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-border bg-card p-3 text-sm">
      <span className="font-semibold [overflow-wrap:anywhere]">{formatTripSpan(day.trip, itsCatches)}</span>
      {spotName ? (
        <span className="[overflow-wrap:anywhere]">
          {spotName}
          {sameSpot ? ' (same spot)' : ''}
        </span>
      ) : null}
      {conditions.length > 0 ? (
        <span className="text-muted-foreground [overflow-wrap:anywhere]">
          Conditions: {conditions.join(', ')}
        </span>
      ) : null}
      <span className="font-medium [overflow-wrap:anywhere]">
        {formatCaught(day.caught, day.fishPerHour)}
      </span>
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer items-center rounded-md font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {formatCloseness(day.distance)}
        </summary>
        <p className="text-muted-foreground">
          {formatDistance(day.distance)} apart over {compared} conditions (0 is the same, 1 nothing in
          common).
          {day.matched.length > 0
            ? ` Alike in: ${EFFORT_FACTORS.filter((factor) => day.matched.includes(factor))
                .map((factor) => FACTOR_NAMES[factor])
                .join(', ')}.`
            : ''}
        </p>
      </details>
    </li>
  );
}

const FACTOR_NAMES = {
  sunPhase: 'light',
  timeOfDay: 'time of day',
  pressureTendency: 'pressure',
  moonPhase: 'moon',
  solunar: 'solunar period',
  tideStage: 'tide',
  airTemperature: 'air temperature',
  spot: 'spot',
} as const satisfies Record<(typeof EFFORT_FACTORS)[number], string>;
