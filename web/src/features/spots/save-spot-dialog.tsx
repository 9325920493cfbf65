import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type Catch, DEFAULT_LOCATION_NAME } from '#core/catch.ts';
import { DEFAULT_SPOT_RADIUS_METERS } from '#core/spots.ts';
import { errorMessage } from '@/api/http';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { refusedSpotFields, saveNewSpot, whenSpotSaved } from './spot-saving.ts';

/** A catch with a position: the only kind a spot can be made from. */
type PlacedCatch = Catch & { latitude: number; longitude: number };

/**
 * 'Save this place as a spot' (decision 043): asks for a name (the catch's place name to start with), saves a spot
 * at the catch's position with the default radius through the phone's outbox (offline too), and the catch is linked
 * to it. The server links the catches in its radius that have no spot, this one among them.
 */
export function SaveSpotDialog({
  item,
  open,
  onOpenChange,
  linkCatch,
  onCloseAutoFocus,
}: {
  item: PlacedCatch;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sets the catch's spot (through the phone's outbox, like any edit of a catch): for one linked to another spot. */
  linkCatch: (item: Catch, spotId: number) => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <SaveSpotContent
          item={item}
          linkCatch={linkCatch}
          onDone={() => onOpenChange(false)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </Dialog>
  );
}

function SaveSpotContent({
  item,
  linkCatch,
  onDone,
  onCloseAutoFocus,
}: {
  item: PlacedCatch;
  linkCatch: (item: Catch, spotId: number) => Promise<void>;
  onDone: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [name, setName] = useState(
    item.locationName && item.locationName !== DEFAULT_LOCATION_NAME ? item.locationName : '',
  );
  const [error, setError] = useState<string | undefined>();

  const save = useMutation({
    mutationFn: async (spotName: string) => {
      const clientId = await saveNewSpot({
        name: spotName,
        latitude: item.latitude,
        longitude: item.longitude,
        notes: null,
        radiusMeters: DEFAULT_SPOT_RADIUS_METERS,
      });
      // The server links the catch with the spot when it has no spot yet (it lies at the spot's centre). One
      // already linked to another is moved to the new spot once the server has it.
      if (item.spotId !== null) void whenSpotSaved(clientId).then((spot) => linkCatch(item, spot.id));
    },
    onSuccess: (_nothing, spotName) => {
      toast({ title: 'Spot saved', description: `${spotName} is in your spots.` });
      onDone();
    },
    onError: (failure) => {
      const refused = refusedSpotFields(failure).name;
      if (refused) {
        setError(refused);
        return;
      }
      toast({
        title: 'Error saving spot',
        description: errorMessage(failure, 'Something went wrong'),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (name.trim() === '') {
      setError('Name required');
      return;
    }
    setError(undefined);
    save.mutate(name.trim());
  };

  return (
    <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Save this place as a spot</DialogTitle>
        <DialogDescription>
          Your catches within {DEFAULT_SPOT_RADIUS_METERS} m of this place are linked to the spot.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Save spot">
        <FormField
          id="new-spot-name"
          label="Spot name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          autoComplete="off"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Spot'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
