import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { formatSpokenElapsed, formatTimer, tripStartAt } from './trip-format.ts';
import type { ShownTrip } from './trips-merge.ts';
import { useTrips } from './use-trips.ts';

/** The time now, moved on every `intervalMs` while mounted. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const tellFailure = (error: unknown) =>
  toast({
    title: 'Trip not saved',
    description: errorMessage(error, 'Something went wrong'),
    variant: 'destructive',
  });

/**
 * The Log tab's trip (docs/decisions/043-trips-and-spots.md): 'Start trip' starts one now; while it runs, its timer,
 * 'End trip' and the counters of fish lost and bites missed. Catches logged meanwhile name no trip: the server links
 * them by their moment. Works offline: everything goes through the outbox (use-trips.ts).
 */
export function TripBar() {
  const { trips, running, actions } = useTrips();
  const [busy, setBusy] = useState(false);
  const act = (run: () => Promise<unknown>) => {
    setBusy(true);
    run()
      .catch(tellFailure)
      .finally(() => setBusy(false));
  };

  return (
    <Card aria-label="Trip" role="region" className="mb-4">
      <CardContent className="flex flex-col gap-3 p-4">
        {running ? (
          <RunningTrip
            trip={running}
            busy={busy}
            onEnd={() => act(() => actions.edit(running, { endedAt: new Date().toISOString() }))}
            onCount={(field, value) => actions.edit(running, { [field]: value })}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex-[1_1_10rem] text-sm text-muted-foreground">
              Out fishing? Start a trip to time it.
            </p>
            <Button
              disabled={busy}
              onClick={() => act(() => actions.create({ startedAt: tripStartAt(Date.now(), trips) }))}
            >
              Start trip
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type CountField = 'fishLost' | 'bitesMissed';
type OnCount = (field: CountField, value: number) => Promise<unknown>;

function RunningTrip({
  trip,
  busy,
  onEnd,
  onCount,
}: {
  trip: ShownTrip;
  busy: boolean;
  onEnd: () => void;
  onCount: OnCount;
}) {
  const now = useNow(1000);
  const elapsed = now - Date.parse(trip.startedAt);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex-[1_1_8rem] text-xl font-semibold tabular-nums" role="timer" aria-label="Trip time">
          Trip {formatTimer(elapsed)}
        </p>
        {/* The timer ticks every second; a screen reader hears it at most once a minute. */}
        <p className="sr-only" aria-live="polite">
          Trip running for {formatSpokenElapsed(elapsed)}
        </p>
        <Button variant="destructive" disabled={busy} onClick={onEnd}>
          End trip
        </Button>
      </div>
      <TripCounters trip={trip} onCount={onCount} />
    </>
  );
}

const COUNTERS: ReadonlyArray<{ field: CountField; label: string; add: string }> = [
  { field: 'fishLost', label: 'Fish lost', add: 'Add a fish lost' },
  { field: 'bitesMissed', label: 'Bites missed', add: 'Add a bite missed' },
];

/**
 * +1 buttons for fish lost and bites missed. Taps are written one after another from the count last written here, so
 * quick taps each count even before the screen shows the one before.
 */
function TripCounters({ trip, onCount }: { trip: ShownTrip; onCount: OnCount }) {
  // The counts written by this screen for this trip, ahead of what the outbox shows yet.
  const [written, setWritten] = useState<({ key: string } & Record<CountField, number>) | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const own = written?.key === trip.key ? written : null;
  const shown = (field: CountField) => Math.max(trip[field], own?.[field] ?? 0);

  const add = (field: CountField) => {
    const value = shown(field) + 1;
    setWritten({
      key: trip.key,
      fishLost: shown('fishLost'),
      bitesMissed: shown('bitesMissed'),
      [field]: value,
    });
    queue.current = queue.current.then(() => onCount(field, value)).catch(tellFailure);
  };

  return (
    <div className="grid-fit-36 grid gap-2">
      {COUNTERS.map(({ field, label, add: addLabel }) => (
        <div
          key={field}
          className="flex items-center justify-between gap-2 rounded-md border border-border p-2"
        >
          <p className="text-sm">
            {label}: <output className="font-semibold tabular-nums">{shown(field)}</output>
          </p>
          <Button
            variant="outline"
            size="sm"
            className="min-w-11 shrink-0 whitespace-nowrap"
            aria-label={addLabel}
            onClick={() => add(field)}
          >
            +1
          </Button>
        </div>
      ))}
    </div>
  );
}
