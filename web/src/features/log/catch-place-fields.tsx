import { useQuery } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseDecimal } from '#core/decimal.ts';
import type { Spot } from '#core/spots.ts';
import { getSpots } from '@/api/endpoints';
import { ErrorBoundary } from '@/components/error-boundary';
import { Crosshair, MapPin } from '@/components/shell-icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/use-auth';
import type { MapPosition } from '@/features/map/lazy-catch-map';
import { loadWhenOnline } from '@/lib/load-when-online';
import { OnDemand, onDemand } from '@/lib/on-demand';
import { CATCHES_STALE_TIME_MS, queryKeys } from '@/lib/query-client';
import type { FieldErrors } from '../catches/invalid-catch.ts';
import { reverseGeocode } from '../catches/reverse-geocode.ts';
import type { LocateMode } from './catch-form-fields.tsx';
import { type CatchForm, useWatchedValue } from './catch-form-state.ts';
import { Field, invalidProps } from './field.tsx';

/**
 * Where a catch was caught (docs/product.md#location), shared by the Log tab and the edit dialog: the place name
 * with the locate button (GPS, the default), the coordinates, which can be typed, 'Place on map' and 'Pick a spot'
 * (decision 043). Each way in is a button of the row under the coordinates and, when it needs room, a panel under
 * that row (`PlacePanel`).
 */

type Coordinate = 'latitude' | 'longitude';

/** A way in the angler asked for before its code was here (place-panels.tsx opens it once it is). */
export type PlaceWay = 'map' | 'spots';

// 'Place on map' and 'Pick a spot', their handlers, the spots and the panels load when the form has painted, not
// with it (the Log tab is the shell's first screen, decision 023): a look-alike 'Place on map' holds their place,
// and a tap on it meanwhile opens the map once they are here. Cut off by the network in a first visit's first seconds
// (before the service worker has the build), the download waits for the network and is tried again: the row must
// not turn into an error that only a reload (losing the half-filled form) would clear.
const placeWays = onDemand(() => loadWhenOnline(() => import('./place-panels.tsx')).then((m) => m.PlaceWays));

/** Fetches the place ways' code (resolves once the row can swap in); tests wait for it before they tap. */
export const loadPlaceWays = () => placeWays.preload();

/** Coordinates as the fields show them (docs/product.md#location: 6 decimals); '' for none or a typo. */
export const coordinateText = (value: number | null) =>
  value === null || Number.isNaN(value) ? '' : value.toFixed(6);

/**
 * What a typed coordinate means to the form: null when blank, the number, or NaN for text that is no number (the
 * contract then refuses it with 'Latitude must be a number', so the typo is marked rather than dropped).
 */
const typedCoordinate = (text: string) => (text.trim() === '' ? null : (parseDecimal(text) ?? Number.NaN));

/** The position the two coordinates make, or null unless both are there and in range. */
export function positionOf(latitude: number | null, longitude: number | null): MapPosition | null {
  if (latitude === null || longitude === null) return null;
  // NaN (a typo) fails both comparisons.
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/**
 * The angler's spots a catch can be linked to: the list kept on the phone (so also offline), the server's only (a
 * spot still waiting in the outbox has no id to link to yet).
 */
function useLinkableSpots(): Spot[] {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: queryKeys.spots,
    queryFn: getSpots,
    staleTime: CATCHES_STALE_TIME_MS,
    enabled: user != null,
  });
  return data ?? [];
}

/**
 * Whether the place name follows the position: it does unless the angler typed it. A name the form opened with
 * (the edit dialog's) counts as typed unless it is the name the server gives for the position it opened with.
 */
function usePlaceNameFollows(form: CatchForm) {
  const typed = useRef(false);
  const [opening] = useState(() => ({
    name: form.getValues('locationName').trim(),
    latitude: form.getValues('latitude'),
    longitude: form.getValues('longitude'),
  }));
  const openingNameWasGiven = useRef<Promise<boolean> | null>(null);

  const follows = useCallback(async (): Promise<boolean> => {
    if (typed.current) return false;
    const name = form.getValues('locationName').trim();
    if (name === '' || name !== opening.name) return true;
    if (opening.latitude === null || opening.longitude === null) return false;
    const { latitude, longitude } = opening;
    openingNameWasGiven.current ??= reverseGeocode(latitude, longitude).then((given) => given === name);
    return openingNameWasGiven.current;
  }, [form, opening]);

  /** The angler typed into the name: it is theirs while it holds anything. */
  const onNameTyped = useCallback((text: string) => {
    typed.current = text.trim() !== '';
  }, []);
  return useMemo(() => ({ follows, onNameTyped, typed }), [follows, onNameTyped]);
}

export type PlaceNameFollows = ReturnType<typeof usePlaceNameFollows>;

export function CatchPlaceFields({
  form,
  errors,
  setErrors,
  fieldId,
  locate,
  isLocating,
  locationError,
}: {
  form: CatchForm;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  fieldId: (name: string) => string;
  locate: (mode: LocateMode) => Promise<void>;
  isLocating: boolean;
  /** The device's location error, shown while the form has no position. */
  locationError: string | null;
}) {
  const latitude = useWatchedValue(form, 'latitude');
  const longitude = useWatchedValue(form, 'longitude');
  const placeName = usePlaceNameFollows(form);
  const nameInput = form.register('locationName');
  const spots = useLinkableSpots();
  const [asked, setAsked] = useState<PlaceWay | null>(null);
  useEffect(() => {
    loadPlaceWays().catch(() => {});
  }, []);

  /** The newest position's name replaces the name, unless the angler typed one (a slower, older answer is dropped). */
  const nameRequest = useRef(0);
  const nameThePlace = useCallback(
    async (position: MapPosition) => {
      const request = ++nameRequest.current;
      if (!(await placeName.follows())) return;
      const name = await reverseGeocode(position.latitude, position.longitude);
      if (name && request === nameRequest.current && !placeName.typed.current)
        form.setValue('locationName', name);
    },
    [form, placeName],
  );
  const dropPendingName = useCallback(() => {
    nameRequest.current++;
  }, []);

  /** Typed coordinates, checked when the angler leaves a field (coordinate-check.ts, loaded then). */
  const checkTyped = useCallback(
    async (name: Coordinate) => {
      const { checkTypedCoordinate } = await import('./coordinate-check.ts');
      await checkTypedCoordinate(form, name, setErrors, nameThePlace);
    },
    [form, setErrors, nameThePlace],
  );

  const positionError = errors.latitude ?? errors.longitude;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-2">
      <legend className="px-1 text-sm font-medium">Location</legend>
      <Field id={fieldId('locationName')} label="Location Name" error={errors.locationName}>
        {/* The locate button goes under the name when the name would be left too narrow to read (large text). */}
        <div className="flex flex-wrap gap-2">
          <Input
            id={fieldId('locationName')}
            className="min-w-[min(10rem,100%)] flex-1 basis-0"
            autoComplete="off"
            placeholder="Lake, river or spot"
            {...invalidProps(fieldId('locationName'), errors.locationName)}
            {...nameInput}
            onChange={(event) => {
              placeName.onNameTyped(event.target.value);
              nameInput.onChange(event);
            }}
          />
          <Button
            variant="outline"
            size="icon"
            className="shrink-0"
            aria-label="Get current location"
            title="Get current location"
            disabled={isLocating}
            onClick={() => void locate('manual')}
          >
            {isLocating ? <Spinner /> : <Crosshair aria-hidden="true" />}
          </Button>
        </div>
      </Field>
      <div className="grid grid-fit-32 items-start gap-3">
        {(['latitude', 'longitude'] as const).map((name) => (
          <CoordinateField
            key={name}
            form={form}
            name={name}
            id={fieldId(name)}
            error={errors[name]}
            onLeave={() => void checkTyped(name)}
          />
        ))}
      </div>
      {!positionError && locationError && latitude === null ? (
        <p className="text-sm text-muted-foreground">{locationError}</p>
      ) : null}
      {/* A row that cannot load leaves the rest of the form usable. A way tapped before its code is here says it
          is opening (expanded), and opens once it is. */}
      <ErrorBoundary what="the map">
        <OnDemand
          source={placeWays}
          props={{ form, latitude, longitude, spots, asked, nameThePlace, dropPendingName, placeName }}
          fallback={
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                className="flex-[1_1_10rem]"
                aria-expanded={asked === 'map'}
                disabled={asked !== null}
                onClick={() => setAsked('map')}
              >
                {asked === 'map' ? <Spinner /> : <MapPin aria-hidden="true" />}
                Place on map
              </Button>
              {spots.length > 0 ? (
                <Button
                  variant="outline"
                  className="flex-[1_1_10rem]"
                  aria-expanded={asked === 'spots'}
                  disabled={asked !== null}
                  onClick={() => setAsked('spots')}
                >
                  <MapPin aria-hidden="true" />
                  Pick a spot
                </Button>
              ) : null}
            </div>
          }
        />
      </ErrorBoundary>
    </fieldset>
  );
}

/** One coordinate, typed in decimal degrees; GPS and the map write into it too. */
function CoordinateField({
  form,
  name,
  id,
  error,
  onLeave,
}: {
  form: CatchForm;
  name: Coordinate;
  id: string;
  error: string | undefined;
  onLeave: () => void;
}) {
  const value = useWatchedValue(form, name);
  const [text, setText] = useState(() => coordinateText(value));
  // The value the angler's own typing gave: any other (GPS, the map, a reset) rewrites the text.
  const typedValue = useRef(value);
  useEffect(() => {
    if (Object.is(value, typedValue.current)) return;
    typedValue.current = value;
    setText(coordinateText(value));
  }, [value]);
  const label = name === 'latitude' ? 'Latitude' : 'Longitude';
  return (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        name={name}
        // Not inputMode 'decimal': phones' decimal pads have no minus sign, and half the world is negative.
        type="text"
        autoComplete="off"
        spellCheck={false}
        className="px-2 tabular-nums"
        placeholder={name === 'latitude' ? '-90 to 90' : '-180 to 180'}
        value={text}
        {...invalidProps(id, error)}
        onChange={(event) => {
          const next = typedCoordinate(event.target.value);
          typedValue.current = next;
          setText(event.target.value);
          form.setValue(name, next);
        }}
        onBlur={onLeave}
      />
    </Field>
  );
}
