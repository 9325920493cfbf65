import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SPOT_RADIUS_MAX_METERS, SPOT_RADIUS_MIN_METERS, type SpotChanges } from '#core/spots.ts';
import { errorMessage } from '@/api/http';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { refusedSpotFields, saveSpotChanges } from './spot-saving.ts';
import type { ShownSpot } from './spots-merge.ts';

/** Renaming a spot, its notes and its radius (decision 043): only what changed is sent. */
export function EditSpotDialog({
  spot,
  onClose,
  onCloseAutoFocus,
}: {
  spot: ShownSpot | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open={spot !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {spot ? (
        <EditSpotContent
          key={spot.clientId ?? spot.id}
          spot={spot}
          onDone={onClose}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </Dialog>
  );
}

function EditSpotContent({
  spot,
  onDone,
  onCloseAutoFocus,
}: {
  spot: ShownSpot;
  onDone: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [name, setName] = useState(spot.name);
  const [notes, setNotes] = useState(spot.notes ?? '');
  const [radius, setRadius] = useState(String(spot.radiusMeters));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});

  const save = useMutation({
    mutationFn: async (changes: SpotChanges) => {
      if (Object.keys(changes).length > 0) await saveSpotChanges(spot, changes);
    },
    onSuccess: () => {
      toast({ title: 'Spot updated', description: 'Your changes have been saved.' });
      onDone();
    },
    onError: (error) => {
      const fields = refusedSpotFields(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        toast({
          title: 'Error saving spot',
          description: errorMessage(error, 'Something went wrong'),
          variant: 'destructive',
        });
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (name.trim() === '') {
      setErrors({ name: 'Name required' });
      return;
    }
    const changes: SpotChanges = {};
    if (name.trim() !== spot.name) changes.name = name.trim();
    if ((notes.trim() || null) !== spot.notes) changes.notes = notes.trim() || null;
    // The server judges the radius (whole metres within its bounds) and names it when it refuses.
    if (Number(radius) !== spot.radiusMeters) changes.radiusMeters = Number(radius);
    save.mutate(changes);
  };

  return (
    <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Edit Spot</DialogTitle>
        <DialogDescription>
          Catches within the radius of a spot are linked to it when they are saved.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Edit spot">
        <FormField
          id="spot-name"
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <FormField
          id="spot-radius"
          label="Radius (metres)"
          type="number"
          inputMode="numeric"
          step="1"
          min={SPOT_RADIUS_MIN_METERS}
          max={SPOT_RADIUS_MAX_METERS}
          value={radius}
          onChange={(event) => setRadius(event.target.value)}
          error={errors.radiusMeters}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="spot-notes">Notes</Label>
          <Textarea
            id="spot-notes"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? 'spot-notes-error' : undefined}
          />
          {errors.notes ? (
            <p id="spot-notes-error" className="text-sm font-medium text-destructive">
              {errors.notes}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
