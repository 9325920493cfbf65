import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { getSpots } from '@/api/endpoints';
import { useCachedCatches } from '@/components/species-combobox';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/use-auth';
import { CATCHES_STALE_TIME_MS, queryKeys } from '@/lib/query-client';
import { type CatchForm, useWatchedValue } from './catch-form-state.ts';
import { rememberedChoices } from './remembered-choices.ts';

/**
 * The Log form's remembered choices (docs/decisions/046-quick-capture.md): the last bait, line size and spot offered
 * again as one-tap chips, 'Use last: Jig & minnow', for the species typed (else the last catch), from the catch list
 * kept on the phone (so also offline). Offered, never filled silently; a chip goes once the field holds its value.
 */
export function RememberedChips({ form }: { form: CatchForm }) {
  const id = useId();
  const catches = useCachedCatches();
  const fishType = useWatchedValue(form, 'fishType');
  const baitUsed = useWatchedValue(form, 'baitUsed');
  const lineSize = useWatchedValue(form, 'lineSize');
  const spotId = useWatchedValue(form, 'spotId');
  const spots = useSpotsKept();
  const last = useMemo(() => rememberedChoices(catches, fishType), [catches, fishType]);
  const lastSpot = last.spotId === null ? undefined : spots.find((spot) => spot.id === last.spotId);

  const chips = [
    last.baitUsed && last.baitUsed !== baitUsed.trim()
      ? { what: 'Bait', value: last.baitUsed, use: () => form.setValue('baitUsed', last.baitUsed ?? '') }
      : null,
    last.lineSize && last.lineSize !== lineSize.trim()
      ? { what: 'Line size', value: last.lineSize, use: () => form.setValue('lineSize', last.lineSize ?? '') }
      : null,
    lastSpot && lastSpot.id !== spotId
      ? {
          what: 'Spot',
          value: lastSpot.name,
          // As 'Pick a spot' takes one: its position, the link, and its name when the form has none.
          use: () => {
            form.setValue('latitude', lastSpot.latitude);
            form.setValue('longitude', lastSpot.longitude);
            form.setValue('spotId', lastSpot.id);
            if (form.getValues('locationName').trim() === '') form.setValue('locationName', lastSpot.name);
          },
        }
      : null,
  ].filter((chip) => chip !== null);
  if (chips.length === 0) return null;

  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Last used</legend>
      {chips.map((chip) => (
        <Button
          key={chip.what}
          variant="outline"
          size="sm"
          // Which of the three it fills, for a screen reader (the screen shows it beside the fields).
          aria-describedby={`${id}-${chip.what}`}
          onClick={chip.use}
        >
          Use last: {chip.value}
          <span id={`${id}-${chip.what}`} hidden>
            {chip.what}
          </span>
        </Button>
      ))}
    </fieldset>
  );
}

/** The angler's spots as kept on the phone (the list 'Pick a spot' uses). */
function useSpotsKept() {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: queryKeys.spots,
    queryFn: getSpots,
    staleTime: CATCHES_STALE_TIME_MS,
    enabled: user != null,
  });
  return data ?? [];
}
