import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { compareCodeUnits } from '#core/compare-text.ts';
import { tripMinutes } from '#core/trip-stats.ts';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useUnits } from '@/features/auth/use-units';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { formatWeight } from '../catches/catch-format.ts';
import { formatTide } from '../history/conditions-format.ts';
import { catchPins } from '../map/catch-pins.ts';
import { LazyCatchMap } from '../map/lazy-catch-map.tsx';
import { DaysLikeThisButton } from '../similar-days/days-like-this-button.tsx';
import { formatDuration, formatRate, formatTripMoment, momentFromInput } from './trip-format.ts';
import type { ShownTrip } from './trips-merge.ts';
import { useTrips } from './use-trips.ts';

/**
 * History's Trips view (docs/decisions/043-trips-and-spots.md), a chunk of its own loaded when first opened: the
 * angler's trips newest first with their length, fish, catch rate and a 'Skunked' badge; a trip opens with its
 * catches (and the tide at each that has one); 'Add past trip' enters one afterwards. Reads the kept trip list
 * merged with the outbox, so it works offline.
 */
export function TripsView({
  catches,
  onOpenCatch,
}: {
  catches: readonly Catch[];
  onOpenCatch: (item: Catch, opener: HTMLElement) => void;
}) {
  const { trips, loading, loadFailed, actions } = useTrips();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const now = Date.now();
  const open = trips.find((trip) => trip.key === openKey) ?? null;

  return (
    <section aria-labelledby="trips-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="trips-heading" className="text-xl font-semibold tracking-tight">
          Trips
        </h2>
        <Button variant="outline" onClick={() => setAdding(true)}>
          Add past trip
        </Button>
      </div>
      {loadFailed ? (
        <p role="alert">Your trips could not be loaded. Check your connection and try again.</p>
      ) : loading ? (
        <p aria-busy="true">Loading your trips...</p>
      ) : trips.length === 0 ? (
        <p className="text-muted-foreground">
          No trips yet. Start one on the Log tab, or add one you fished before.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your trips">
          {trips.map((trip) => (
            <li key={trip.key}>
              <TripCard trip={trip} now={now} onOpen={() => setOpenKey(trip.key)} />
              {trip.waiting?.state === 'failed' ? (
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-destructive">
                  <p className="flex-[1_1_10rem]">Not synced: {trip.waiting.lastError}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void actions.discard(trip.waiting?.clientId ?? '')}
                  >
                    Discard
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <TripDialog
        trip={open}
        now={now}
        catches={catches}
        onClose={() => setOpenKey(null)}
        onOpenCatch={(item, opener) => {
          setOpenKey(null);
          onOpenCatch(item, opener);
        }}
      />
      {adding ? <AddPastTripDialog onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

/** Fish, to show: the server's count; none yet while the trip waits to be sent. */
const fishOf = (trip: ShownTrip) => trip.saved?.catchCount ?? null;

function TripCard({ trip, now, onOpen }: { trip: ShownTrip; now: number; onOpen: () => void }) {
  const fish = fishOf(trip);
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex min-h-11 w-full flex-col gap-1 rounded-xl border border-border bg-card p-4 text-left shadow-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="flex-[1_1_10rem] font-semibold [overflow-wrap:anywhere]">
          {formatTripMoment(trip.startedAt)}
        </span>
        {trip.endedAt === null ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
            Running
          </span>
        ) : null}
        {trip.saved?.skunked && trip.endedAt !== null ? (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">Skunked</span>
        ) : null}
      </span>
      <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="whitespace-nowrap">{formatDuration(tripMinutes(trip, now))}</span>
        <span className="whitespace-nowrap">{fish === null ? 'Fish not counted yet' : `${fish} fish`}</span>
        {trip.saved ? (
          <span className="whitespace-nowrap">{formatRate(trip.saved.catchesPerHour)}</span>
        ) : null}
        {trip.waiting ? <span>Waiting to sync</span> : null}
      </span>
    </button>
  );
}

/** The catches the server linked to this trip (decision 043), earliest first. */
function catchesOf(trip: ShownTrip, catches: readonly Catch[]): Catch[] {
  if (trip.id === null) return [];
  return catches
    .filter((item) => item.tripId === trip.id)
    .sort((a, b) => compareCodeUnits(a.caughtAt, b.caughtAt));
}

function TripDialog({
  trip,
  now,
  catches,
  onClose,
  onOpenCatch,
}: {
  trip: ShownTrip | null;
  now: number;
  catches: readonly Catch[];
  onClose: () => void;
  onOpenCatch: (item: Catch, opener: HTMLElement) => void;
}) {
  const units = useUnits();
  // Kept while the trip and the catches stay the same, so the map does not fit itself to its pins again.
  const linked = useMemo(() => (trip ? catchesOf(trip, catches) : []), [trip, catches]);
  const fish = trip ? fishOf(trip) : null;
  return (
    <Dialog open={trip !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {trip ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Trip of {formatTripMoment(trip.startedAt)}</DialogTitle>
            <DialogDescription>
              {trip.endedAt === null ? 'Running now' : `Ended ${formatTripMoment(trip.endedAt)}`}
            </DialogDescription>
          </DialogHeader>
          <dl className="grid-fit-32 grid gap-3 text-sm">
            <Fact name="Duration" value={formatDuration(tripMinutes(trip, now))} />
            <Fact name="Fish" value={fish === null ? 'Not counted yet' : String(fish)} />
            <Fact name="Catch rate" value={formatRate(trip.saved?.catchesPerHour ?? null)} />
            <Fact name="Fish lost" value={String(trip.fishLost)} />
            <Fact name="Bites missed" value={String(trip.bitesMissed)} />
            {trip.saved?.species.length ? (
              <Fact name="Species" value={trip.saved.species.join(', ')} />
            ) : null}
          </dl>
          {trip.notes ? <p className="whitespace-pre-wrap text-sm">{trip.notes}</p> : null}
          {trip.saved && trip.endedAt !== null ? <DaysLikeThisButton target={{ trip: trip.saved }} /> : null}
          <section aria-labelledby="trip-catches-heading" className="flex flex-col gap-2">
            <h3 id="trip-catches-heading" className="font-semibold">
              Catches
            </h3>
            <TripMap catches={linked} onOpenCatch={onOpenCatch} />
            {linked.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {trip.id === null ? 'Its catches show once the trip has synced.' : 'No catches on this trip.'}
              </p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="Catches on this trip">
                {linked.map((item) => {
                  const tide = item.conditions.tide ? formatTide(item.conditions.tide, units) : null;
                  const weight = formatWeight(item.weight, units);
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        onClick={(event) => onOpenCatch(item, event.currentTarget)}
                        className="flex min-h-11 w-full flex-col rounded-md border border-border p-3 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <span className="font-medium [overflow-wrap:anywhere]">
                          {item.fishType}
                          {weight ? <span className="whitespace-nowrap">, {weight}</span> : null}
                        </span>
                        <span className="text-sm text-muted-foreground">
                          {formatTripMoment(item.caughtAt)}
                        </span>
                        {tide ? (
                          <span className="text-sm text-muted-foreground">Tide: {tide.stage}</span>
                        ) : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * Where the trip's catches were caught: a small map of those with a position (its code loads the first time one
 * shows, lazy-catch-map.tsx), nothing when none has one. A tap on a pin opens that catch, as its button does.
 */
function TripMap({
  catches,
  onOpenCatch,
}: {
  catches: readonly Catch[];
  onOpenCatch: (item: Catch, opener: HTMLElement) => void;
}) {
  const pins = useMemo(() => catchPins(catches), [catches]);
  if (pins.length === 0) return null;
  return (
    <LazyCatchMap
      pins={pins}
      label="Map of this trip's catches"
      onOpenPin={(item, pinElement) => {
        if (pinElement) onOpenCatch(item, pinElement);
      }}
      className="h-48"
    />
  );
}

function Fact({ name, value }: { name: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{name}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

type PastTripErrors = Partial<Record<'startedAt' | 'endedAt' | 'notes', string>>;

/**
 * 'Add past trip': its start, end and notes. It goes through the outbox like every trip; online, the dialog waits for
 * the server's answer and shows a refusal's reasons at their fields (the refused entry is then dropped, so the
 * corrected trip is sent anew). Offline it closes: the trip is kept on the phone and sent when back online.
 */
function AddPastTripDialog({ onClose }: { onClose: () => void }) {
  const { trips, actions } = useTrips();
  const online = useOnlineStatus();
  const id = useId();
  const [errors, setErrors] = useState<PastTripErrors>({});
  const [sentKey, setSentKey] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The trip sent: gone from the outbox means the server took it; failed means it said why.
  const sent = sentKey === null ? null : (trips.find((trip) => trip.key === sentKey) ?? null);
  useEffect(() => {
    if (sentKey === null) return;
    if (sent?.waiting?.state === 'failed') {
      const refused = sent.waiting;
      setErrors(
        Object.keys(refused.fieldErrors ?? {}).length > 0
          ? (refused.fieldErrors as PastTripErrors)
          : { startedAt: refused.lastError ?? 'The trip was not saved' },
      );
      setSentKey(null);
      setSaving(false);
      void actions.discard(refused.clientId);
    } else if (sent && (sent.waiting === null || sent.waiting.lastError !== null)) {
      // Taken; or the server could not be reached: the trip is kept and sent later, as offline.
      onClose();
    }
  }, [sent, sentKey, actions, onClose]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const startedAt = momentFromInput(String(data.get('startedAt') ?? ''));
    const endedAt = momentFromInput(String(data.get('endedAt') ?? ''));
    const notes = String(data.get('notes') ?? '').trim() || null;
    const found: PastTripErrors = {};
    if (!startedAt) found.startedAt = 'Start required';
    if (!endedAt) found.endedAt = 'End required';
    setErrors(found);
    if (!startedAt || !endedAt) return;
    setSaving(true);
    const clientId = crypto.randomUUID();
    actions
      .create({ clientId, startedAt, endedAt, notes })
      .then(() => {
        if (online) setSentKey(clientId);
        else onClose();
      })
      .catch((error: unknown) => {
        setSaving(false);
        setErrors({ startedAt: error instanceof Error ? error.message : 'The trip was not saved' });
      });
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add past trip</DialogTitle>
          <DialogDescription>
            When you started and stopped fishing. Catches logged in that time join it.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Add past trip">
          <FormField
            id={`${id}-start`}
            name="startedAt"
            label="Start"
            type="datetime-local"
            error={errors.startedAt}
          />
          <FormField
            id={`${id}-end`}
            name="endedAt"
            label="End"
            type="datetime-local"
            error={errors.endedAt}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <Textarea
              id={`${id}-notes`}
              name="notes"
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
            />
            {errors.notes ? (
              <p id={`${id}-notes-error`} className="text-sm font-medium text-destructive">
                {errors.notes}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving trip...' : 'Save trip'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
